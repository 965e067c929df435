import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import type { Problem } from './errors';
import { useSubmit, type SubmitOptions } from './useSubmit';

afterEach(cleanup);

function Form(props: SubmitOptions<Problem>) {
  const { busy, problem, onSubmit } = useSubmit(props);
  return (
    <form onSubmit={onSubmit}>
      <button type="submit" disabled={busy}>
        {busy ? 'Sending' : 'Send'}
      </button>
      {problem && <p role="alert">{problem.code}</p>}
    </form>
  );
}

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const form = () => screen.getByRole('button').closest('form')!;

describe('useSubmit', () => {
  it('sends once however often the form is submitted meanwhile, busy until it is done', async () => {
    const pending = deferred();
    const send = vi.fn(() => pending.promise);
    render(<Form send={send} />);
    // Twice in the same tick (before React re-renders), then once more while busy.
    act(() => {
      fireEvent.submit(form());
      fireEvent.submit(form());
    });
    fireEvent.submit(form());
    expect(send).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').textContent).toBe('Sending');
    await act(async () => pending.resolve());
    expect(screen.getByRole('button').textContent).toBe('Send');
    fireEvent.submit(form());
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('stays busy after a success that leaves the form', async () => {
    const send = vi.fn(() => Promise.resolve());
    render(<Form send={send} leaves />);
    await act(async () => fireEvent.submit(form()));
    expect(screen.getByRole('button').textContent).toBe('Sending');
    fireEvent.submit(form());
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends nothing when validation fails', () => {
    const send = vi.fn(() => Promise.resolve());
    render(<Form send={send} validate={() => false} />);
    fireEvent.submit(form());
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('button').textContent).toBe('Send');
  });

  it('shows the described failure, lets onError take it elsewhere, and clears it on the next attempt', async () => {
    const failing = () => Promise.reject(new ApiError(401, 'invalid_credentials', 'no'));
    const onError = vi.fn((p: Problem) => (p.code === 'invalid_credentials' ? p : null));
    render(<Form send={failing} onError={onError} leaves />);
    await act(async () => fireEvent.submit(form()));
    expect(screen.getByRole('alert').textContent).toBe('invalid_credentials');
    // A failure is never "leaving": the form can be sent again.
    expect(screen.getByRole('button').textContent).toBe('Send');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ key: 'auth.errors.invalidCredentials' }), expect.any(ApiError));

    const pending = deferred();
    cleanup();
    render(<Form send={() => pending.promise} onError={() => null} />);
    await act(async () => fireEvent.submit(form()));
    await act(async () => pending.reject(new ApiError(400, 'invalid_email', 'bad')));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the alert when a new attempt starts', async () => {
    let attempt = 0;
    const second = deferred();
    const send = () => (++attempt === 1 ? Promise.reject(new ApiError(503, 'unavailable', 'down')) : second.promise);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<Form send={send} />);
    await act(async () => fireEvent.submit(form()));
    expect(screen.getByRole('alert').textContent).toBe('unavailable');
    fireEvent.submit(form());
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => second.resolve());
    vi.restoreAllMocks();
  });
});

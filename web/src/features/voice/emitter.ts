import type { Listener } from './types';

/** A tiny typed event emitter (no Node `events`). A throwing listener is logged and does not stop the others. */
export class Emitter<Events> {
  private listeners = new Map<keyof Events, Set<Listener<never>>>();

  on<E extends keyof Events>(event: E, listener: Listener<Events[E]>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => void set.delete(listener as Listener<never>);
  }

  emit<E extends keyof Events>(event: E, value: Events[E]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        (listener as Listener<Events[E]>)(value);
      } catch (err) {
        console.error(err);
      }
    }
  }
}

import { useRef, useState } from 'react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiError, changePassword, getDevices, getProfile, signOutDevice, updateDigests, updateProfile } from '../../shared/api/client';
import type { Device, DigestPrefs, Locale, Profile } from '../../shared/api/types';
import { useAuth } from '../../shared/auth/AuthContext';
import { Deferred, deferred, requestLang } from '../../shared/data/Deferred';
import { describeError, type Problem } from '../../shared/form/errors';
import { Field, SelectField } from '../../shared/form/Field';
import { FormAlert } from '../../shared/form/FormAlert';
import { useFieldErrors } from '../../shared/form/useFieldErrors';
import { useSubmit } from '../../shared/form/useSubmit';
import { checkFullName, checkPassword } from '../../shared/form/validate';
import { formatDateTime } from '../../shared/format';
import { useLanguage } from '../../shared/i18n/LanguageContext';
import { AlertSettingsSection, getAlertSettings, type AlertSetting } from '../alerts';
import { NewPasswordField, PasswordField } from '../auth';
import { browserTimeZone } from '../calls';
import { Loading, LoadError } from './LoadState';

// The profile page (/dashboard/profile, and /console/profile for staff: one module, registered under
// both workspaces; the account menu leads here): the name and the language of our emails, the password
// (changing it ends every other session), and the signed-in devices, each of which can be signed out.

interface ProfileData {
  profile: Profile;
  devices: Device[];
  /** null when they could not be read: the rest of the page still works. */
  digests: DigestPrefs | null;
  /** The call alert setting of each of the buyer's agents (none for staff). */
  alerts: AlertSetting[];
}

/**
 * The profile, the devices and the digest settings together; not awaited (<Deferred>). The browser's time
 * zone goes along: the server keeps it only while the account has none (digests and reports use it).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const { signal } = request;
  const data = Promise.all([
    getProfile(signal),
    getDevices(signal),
    getAlertSettings(requestLang(request), signal),
    updateDigests({ browserTimeZone: browserTimeZone() }, signal).catch(() => null),
  ]).then(([p, d, a, g]): ProfileData => ({
    profile: p.profile,
    devices: d.devices,
    alerts: a.items,
    digests: g?.digests ?? null,
  }));
  return { data: deferred(data) };
}

export function HydrateFallback() {
  const { t } = useLanguage();
  return <Loading title={t('profile.title')} text={t('profile.loading')} />;
}

export function Component() {
  const { t } = useLanguage();
  const { data } = useLoaderData<typeof loader>();
  return (
    <Deferred
      resolve={data}
      loading={<Loading title={t('profile.title')} text={t('profile.loading')} />}
      failed={(error, retry) => <LoadError title={t('profile.title')} message={t('profile.loadError')} error={error} onRetry={retry} />}
    >
      {(d) => <ProfileView data={d} />}
    </Deferred>
  );
}

function ProfileView({ data }: { data: ProfileData }) {
  const { t } = useLanguage();
  const auth = useAuth();
  const buyer = auth.status === 'signedIn' && auth.user.role !== 'staff';
  // The list as the page knows it: a device signed out here, or by a password change, leaves it at once.
  const [devices, setDevices] = useState(data.devices);
  return (
    <>
      <h1 className="display text-4xl sm:text-5xl">{t('profile.title')}</h1>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <DetailsForm profile={data.profile} />
        {buyer && data.digests && <DigestForm digests={data.digests} />}
        <PasswordForm onChanged={() => setDevices((list) => list.filter((d) => d.current))} />
        <AlertSettingsSection settings={data.alerts} />
        <DeviceList devices={devices} onSignedOut={(id) => setDevices((list) => list.filter((d) => d.id !== id))} />
      </div>
    </>
  );
}

function DetailsForm({ profile }: { profile: Profile }) {
  const { t } = useLanguage();
  const auth = useAuth();
  const [fullName, setFullName] = useState(profile.fullName);
  const [locale, setLocale] = useState<Locale>(profile.locale);
  const [saved, setSaved] = useState(false);
  const fields = useFieldErrors('profile', () => ({ fullName: checkFullName(fullName) }));
  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      const { profile: next } = await updateProfile({ fullName, locale });
      setFullName(next.fullName);
      setLocale(next.locale);
      setSaved(true);
      // The header's account menu shows the name.
      if (auth.status === 'signedIn') auth.setUser({ ...auth.user, fullName: next.fullName });
    },
    onError: (p) => {
      if (p.field !== 'fullName') return p;
      fields.setErrors({ fullName: p.key });
      return null;
    },
  });
  const edited = (set: (v: string) => void) => (v: string) => {
    setSaved(false);
    set(v);
  };

  return (
    <section aria-labelledby="profile-details" className="panel">
      <h2 id="profile-details" className="text-2xl font-bold tracking-tight">
        {t('profile.details.title')}
      </h2>
      <form method="post" onSubmit={onSubmit} className="mt-6 space-y-5" noValidate>
        <Field
          label={t('profile.details.fullName')}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          {...fields.bind('fullName', fullName, edited(setFullName))}
        />
        <div>
          <p className="fact-label">{t('profile.details.email')}</p>
          <p className="mt-1 font-medium [overflow-wrap:anywhere]">{profile.email}</p>
          <p className="field-hint">{t('profile.details.emailNote')}</p>
        </div>
        <SelectField
          id="profile-locale"
          label={t('profile.details.locale')}
          value={locale}
          onChange={(e) => edited((v) => setLocale(v as Locale))(e.target.value)}
        >
          <option value="en" lang="en">
            {t('header.languages.en')}
          </option>
          <option value="nl" lang="nl">
            {t('header.languages.nl')}
          </option>
        </SelectField>
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('profile.details.busy') : t('profile.details.save')}
        </button>
        <FormAlert problem={problem} />
        <p role="status" className={saved ? 'notice notice-ok' : 'sr-only'}>
          {saved ? t('profile.details.saved') : ''}
        </p>
      </form>
    </section>
  );
}

/**
 * The weekly digest: one click turns it on or off (saved at once), and the time zone its Monday 08:00 and the
 * monthly reports' hours are read in, with this device's zone a click away when it differs.
 */
function DigestForm({ digests }: { digests: DigestPrefs }) {
  const { t } = useLanguage();
  const [prefs, setPrefs] = useState(digests);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const here = browserTimeZone();
  const save = async (body: { weeklyDigest?: boolean; timeZone?: string }, said: (p: DigestPrefs) => string) => {
    setBusy(true);
    setProblem(null);
    try {
      const { digests: next } = await updateDigests(body);
      setPrefs(next);
      setStatus(said(next));
    } catch (e) {
      setProblem(describeError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="profile-digest" className="panel">
      <h2 id="profile-digest" className="text-2xl font-bold tracking-tight">
        {t('profile.digest.title')}
      </h2>
      <p className="mt-2 text-ink-soft">{t('profile.digest.text')}</p>
      <label className="mt-5 flex min-h-11 cursor-pointer items-center gap-3 font-semibold">
        <input
          type="checkbox"
          className="size-5 accent-ink"
          checked={prefs.weeklyDigest}
          disabled={busy}
          onChange={(e) =>
            void save({ weeklyDigest: e.target.checked }, (p) => t(p.weeklyDigest ? 'profile.digest.on' : 'profile.digest.off'))
          }
        />
        {t('profile.digest.toggle')}
      </label>
      <div className="mt-4">
        <p className="fact-label">{t('profile.digest.zone')}</p>
        <p className="mt-1 font-medium">{t('profile.digest.zoneValue', { zone: prefs.timeZone })}</p>
        {here !== prefs.timeZone && (
          <button
            type="button"
            className="link-button mt-2"
            disabled={busy}
            onClick={() => void save({ timeZone: here }, (p) => t('profile.digest.zoneSaved', { zone: p.timeZone }))}
          >
            {t('profile.digest.useBrowser', { zone: here })}
          </button>
        )}
      </div>
      <FormAlert problem={problem} />
      <p role="status" className={status ? 'notice notice-ok mt-4' : 'sr-only'}>
        {status}
      </p>
    </section>
  );
}

type PasswordInput = 'current' | 'new';
const SERVER_FIELDS: Record<string, PasswordInput> = { currentPassword: 'current', newPassword: 'new' };

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useLanguage();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [changed, setChanged] = useState(false);
  const fields = useFieldErrors<PasswordInput>('password', () => ({
    current: checkPassword(current, false),
    new: checkPassword(next, true),
  }));
  const { busy, problem, onSubmit } = useSubmit({
    validate: fields.validate,
    send: async () => {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setChanged(true);
      onChanged();
    },
    onError: (p, err) => {
      const field = err instanceof ApiError && err.field ? SERVER_FIELDS[err.field] : undefined;
      if (!field) return p;
      fields.show({ [field]: p.key });
      return null;
    },
  });
  const edited = (set: (v: string) => void) => (v: string) => {
    setChanged(false);
    set(v);
  };

  return (
    <section aria-labelledby="profile-password" className="panel">
      <h2 id="profile-password" className="text-2xl font-bold tracking-tight">
        {t('profile.password.title')}
      </h2>
      <p className="mt-2 text-ink-soft">{t('profile.password.text')}</p>
      <form method="post" onSubmit={onSubmit} className="mt-6 space-y-5" noValidate>
        <PasswordField
          label={t('profile.password.current')}
          name="current-password"
          autoComplete="current-password"
          required
          {...fields.bind('current', current, edited(setCurrent))}
        />
        <NewPasswordField label={t('profile.password.new')} {...fields.bind('new', next, edited(setNext))} />
        <button type="submit" className="btn btn-ink" disabled={busy} data-busy={busy || undefined}>
          {busy ? t('profile.password.busy') : t('profile.password.submit')}
        </button>
        <FormAlert problem={problem} />
        <p role="status" className={changed ? 'notice notice-ok' : 'sr-only'}>
          {changed ? t('profile.password.changed') : ''}
        </p>
      </form>
    </section>
  );
}

function DeviceList({ devices, onSignedOut }: { devices: Device[]; onSignedOut: (id: string) => void }) {
  const { lang, t } = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const [busy, setBusy] = useState('');
  const [done, setDone] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  // "Chrome on Android"; one of the two alone when the other was not recognised.
  const name = ({ browser, system }: Device) =>
    browser && system ? t('profile.devices.name', { browser, system }) : browser || system || t('profile.devices.unknown');

  async function signOut(d: Device) {
    setBusy(d.id);
    setProblem(null);
    setDone('');
    try {
      await signOutDevice(d.id);
    } catch (err) {
      // 404: it was signed out already (elsewhere, or it expired), which is what was asked.
      if (!(err instanceof ApiError && err.status === 404)) {
        setBusy('');
        setProblem(describeError(err));
        return;
      }
    }
    setBusy('');
    onSignedOut(d.id);
    setDone(t('profile.devices.signedOut', { device: name(d) }));
    // Its row (and button) is gone: the focus goes to the list's heading rather than the page's start.
    heading.current?.focus();
  }

  const others = devices.filter((d) => !d.current).length;
  return (
    <section aria-labelledby="profile-devices" className="panel lg:col-span-2">
      <h2 id="profile-devices" ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none">
        {t('profile.devices.title')}
      </h2>
      <p className="mt-2 text-ink-soft">{t('profile.devices.text')}</p>
      <ul className="mt-6 divide-y divide-line border-y border-line">
        {devices.map((d) => {
          const signedIn = formatDateTime(d.createdAt, lang);
          return (
            <li key={d.id} className="device-row">
              <div className="min-w-0">
                <p className="font-semibold">
                  {name(d)}
                  {d.current && <span className="device-current">{t('profile.devices.current')}</span>}
                </p>
                <p className="mt-1 text-sm text-ink-soft">{t('profile.devices.signedIn', { date: signedIn })}</p>
                <p className="text-sm text-ink-soft">{t('profile.devices.lastSeen', { date: formatDateTime(d.lastSeenAt, lang) })}</p>
              </div>
              {!d.current && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy !== ''}
                  aria-label={t('profile.devices.signOutLabel', { device: name(d), date: signedIn })}
                  onClick={() => void signOut(d)}
                >
                  {t('profile.devices.signOut')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {others === 0 && <p className="mt-4 text-ink-soft">{t('profile.devices.none')}</p>}
      <div className="mt-4 empty:hidden">
        <FormAlert problem={problem} />
      </div>
      <p role="status" className={done ? 'notice notice-ok mt-4' : 'sr-only'}>
        {done}
      </p>
    </section>
  );
}

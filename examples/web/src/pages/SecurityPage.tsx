import { type UseAuthAccountActions, useAuth } from '@bridgekit/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Field } from '../components/Field';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { TotpQrCode } from '../components/TotpQrCode';
import { errorMessage, fieldErrors, focusProblem } from '../formErrors';
import type { lifecycle } from '../lifecycle';

type TwoFactorSetup = Awaited<ReturnType<UseAuthAccountActions['setupTwoFactor']>>;

/** Moves the focus to the problem once a failure is set. */
function useFocusOnFailure(failure: unknown, form: React.RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    if (failure) focusProblem(form.current);
  }, [failure, form]);
}

function ChangePassword() {
  const { changePassword, isAccountLoading } = useAuth<typeof lifecycle>();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(failure || mismatch, form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setDone(false);
    const differs = newPassword !== repeat;
    setMismatch(differs);
    if (differs) return;
    try {
      await changePassword(oldPassword, newPassword);
      setDone(true);
      setOldPassword('');
      setNewPassword('');
      setRepeat('');
    } catch (error) {
      setFailure(error);
    }
  };

  const errors = fieldErrors(failure);
  return (
    <section className="card form-card" aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change password</h2>
      <form ref={form} onSubmit={submit} noValidate data-testid="change-password-form">
        <fieldset className="fields">
          <Field
            label="Current password"
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            value={oldPassword}
            onChange={setOldPassword}
            error={errors.oldPassword}
          />
          <NewPasswordFields
            name="newPassword"
            password={newPassword}
            onPasswordChange={setNewPassword}
            repeat={repeat}
            onRepeatChange={setRepeat}
            error={errors.newPassword}
            mismatch={mismatch}
          />
          {failure != null && (
            <p className="error" role="alert" tabIndex={-1}>
              {errorMessage(failure, 'The password was not changed')}
            </p>
          )}
          {done && (
            <p className="success" role="status" data-testid="password-changed">
              Password changed. Your other sessions have ended; this one stays signed in.
            </p>
          )}
          <div className="actions">
            <button type="submit" disabled={isAccountLoading} data-testid="change-password">
              Change password
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}

/** A one-field form for a two-factor code (enable and disable both take one). */
function CodeForm({
  label,
  submitLabel,
  testId,
  run,
}: {
  label: string;
  submitLabel: string;
  testId: string;
  run: (code: string) => Promise<void>;
}) {
  const { isAccountLoading } = useAuth<typeof lifecycle>();
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<unknown>(null);
  const form = useRef<HTMLFormElement>(null);
  useFocusOnFailure(failure, form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await run(code.trim());
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <form ref={form} onSubmit={submit} noValidate data-testid={`${testId}-form`}>
      <fieldset className="fields">
        <Field
          label={label}
          name="code"
          autoComplete="one-time-code"
          spellCheck={false}
          value={code}
          onChange={setCode}
          error={fieldErrors(failure).code}
        />
        {failure != null && (
          <p className="error" role="alert" tabIndex={-1} data-testid={`${testId}-error`}>
            {errorMessage(failure, 'The code was not accepted')}
          </p>
        )}
        <div className="actions">
          <button type="submit" disabled={isAccountLoading || !code.trim()} data-testid={testId}>
            {submitLabel}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

function TwoFactor() {
  const { user, refreshUser, setupTwoFactor, enableTwoFactor, disableTwoFactor, isAccountLoading } =
    useAuth<typeof lifecycle>();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const codesShown = useRef<HTMLParagraphElement>(null);
  const enabled = user?.twoFactorEnabled === true;

  const start = async () => {
    setFailure(null);
    try {
      setSetup(await setupTwoFactor());
    } catch (error) {
      setFailure(error);
    }
  };
  const enable = async (code: string) => {
    const { recoveryCodes: codes } = await enableTwoFactor(code);
    setSetup(null);
    setRecoveryCodes(codes);
    // The user's `twoFactorEnabled` comes from the server.
    await refreshUser();
  };
  // The form that had the focus is gone: the focus goes to what replaced it.
  useEffect(() => {
    if (recoveryCodes) codesShown.current?.focus();
  }, [recoveryCodes]);
  const disable = async (code: string) => {
    await disableTwoFactor(code);
    await refreshUser();
    heading.current?.focus();
  };

  let body: React.ReactNode;
  if (recoveryCodes) {
    body = (
      <div data-testid="recovery-codes">
        <p className="success" role="status" tabIndex={-1} ref={codesShown}>
          Two-factor sign-in is on.
        </p>
        <p>
          Keep these recovery codes somewhere safe: each one signs you in once if you lose your
          authenticator. <strong>They are not shown again.</strong>
        </p>
        <ul className="recovery-codes">
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={() => {
            setRecoveryCodes(null);
            heading.current?.focus();
          }}
          data-testid="codes-saved"
        >
          I have saved them
        </button>
      </div>
    );
  } else if (enabled) {
    body = (
      <>
        <p data-testid="two-factor-on">
          Two-factor sign-in is <strong>on</strong>: signing in asks for a code after the password.
        </p>
        <CodeForm
          label="Code or recovery code, to turn it off"
          submitLabel="Turn off two-factor sign-in"
          testId="disable-two-factor"
          run={disable}
        />
      </>
    );
  } else if (setup) {
    body = (
      <div data-testid="two-factor-setup">
        <p>
          Scan this QR code with your authenticator app (any TOTP app), or type in the secret, or
          give it the URI. Then enter the code it shows.
        </p>
        <TotpQrCode uri={setup.uri} />
        <dl className="secret">
          <dt>Secret</dt>
          <dd>
            <code data-testid="totp-secret">{setup.secret}</code>
          </dd>
          <dt>URI</dt>
          <dd>
            <code data-testid="totp-uri">{setup.uri}</code>
          </dd>
        </dl>
        <CodeForm
          label="Code from the app"
          submitLabel="Turn on two-factor sign-in"
          testId="enable-two-factor"
          run={enable}
        />
        <p>
          <button type="button" className="link" onClick={() => setSetup(null)}>
            Cancel
          </button>
        </p>
      </div>
    );
  } else {
    body = (
      <>
        <p data-testid="two-factor-off">
          Two-factor sign-in is <strong>off</strong>. With it on, a sign-in also needs a code from
          an app on your phone.
        </p>
        {failure != null && (
          <p className="error" role="alert">
            {errorMessage(failure, 'The setup could not start')}
          </p>
        )}
        <button
          type="button"
          onClick={start}
          disabled={isAccountLoading}
          data-testid="setup-two-factor"
        >
          Set up two-factor sign-in
        </button>
      </>
    );
  }

  return (
    <section className="card form-card" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" ref={heading} tabIndex={-1}>
        Two-factor sign-in
      </h2>
      {body}
    </section>
  );
}

/** `#/security`: the signed-in user's password and two-factor sign-in. */
export function SecurityPage() {
  return (
    <div className="stack" data-testid="security-page">
      <h1>Security</h1>
      <ChangePassword />
      <TwoFactor />
    </div>
  );
}

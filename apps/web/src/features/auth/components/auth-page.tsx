import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LogoMark } from '../../../components/layout/logo.tsx';
import { FormAlert } from '../../../components/ui/field.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { GoogleButton } from './google-button.tsx';
import { NewPasswordForm } from './new-password-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

export type AuthMode = 'signin' | 'signup' | 'reset' | 'newPassword';

/** Reads the page mode from the query: `mode=signin|signup|reset`, plus a reset link's token. */
export function useAuthMode(): { mode: AuthMode; token: string | null } {
  const [params] = useSearchParams();
  const raw = params.get('mode');
  const token = params.get('token');
  if (raw === 'reset' && token) return { mode: 'newPassword', token };
  if (raw === 'signup' || raw === 'reset') return { mode: raw, token: null };
  return { mode: 'signin', token: null };
}

export function AuthPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const { mode, token } = useAuthMode();
  const go = (next: 'signin' | 'signup' | 'reset') => setParams({ mode: next });
  const invalidToken = params.get('error') === 'INVALID_TOKEN';
  const verified = params.get('verified') === '1';

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <LogoMark className="h-10 w-10" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight">{t(`${mode}.heading`)}</h1>
          <p className="mt-1.5 text-sm text-slate-700">{t(`${mode}.subheading`)}</p>
        </div>
        <div className="mt-6 space-y-4">
          {verified && mode === 'signin' && (
            <FormAlert tone="success">{t('messages.verified')}</FormAlert>
          )}
          {invalidToken && <FormAlert>{t('errors.invalidToken')}</FormAlert>}
          {(mode === 'signin' || mode === 'signup') && (
            <>
              <GoogleButton />
              <div
                className="flex items-center gap-3 text-xs uppercase text-slate-600"
                aria-hidden="true"
              >
                <span className="h-px flex-1 bg-slate-200" />
                {t('or')}
                <span className="h-px flex-1 bg-slate-200" />
              </div>
            </>
          )}
          {mode === 'signin' && <SignInForm />}
          {mode === 'signup' && <SignUpForm onCreated={() => go('signin')} />}
          {mode === 'reset' && <ForgotPasswordForm onSent={() => go('signin')} />}
          {mode === 'newPassword' && token && (
            <NewPasswordForm token={token} onDone={() => go('signin')} />
          )}
        </div>
        <div className="mt-6 space-y-2 text-center text-sm">
          {mode === 'signin' && (
            <>
              <p>
                <button
                  type="button"
                  className="font-medium text-brand-800 underline-offset-2 hover:underline"
                  onClick={() => go('reset')}
                >
                  {t('links.forgot')}
                </button>
              </p>
              <p className="text-slate-700">
                {t('links.noAccount')}{' '}
                <button
                  type="button"
                  className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                  onClick={() => go('signup')}
                >
                  {t('actions.signUp')}
                </button>
              </p>
            </>
          )}
          {mode === 'signup' && (
            <p className="text-slate-700">
              {t('links.haveAccount')}{' '}
              <button
                type="button"
                className="font-semibold text-brand-800 underline-offset-2 hover:underline"
                onClick={() => go('signin')}
              >
                {t('actions.signIn')}
              </button>
            </p>
          )}
          {(mode === 'reset' || mode === 'newPassword') && (
            <p>
              <button
                type="button"
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
                onClick={() => go('signin')}
              >
                {t('links.backToSignIn')}
              </button>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

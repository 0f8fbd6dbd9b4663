import { authMessages, authScreenWords as w } from '@kuku/domain';
import { paths, safeRedirectTarget } from '@kuku/domain/screens';
import { Suspense, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { showSuccessToast } from '../../../ui/toast';
import { useLogin } from '../api';
import { AuthCard } from '../components/auth-card';
import { LoginForm } from '../components/login-form';
import { OtpForm } from '../components/otp-form';
import { RegisterForm } from '../components/register-form';
import {
  clearPendingVerification,
  readPendingVerification,
  savePendingVerification,
} from '../pending-verification';

// An invited member's view (/auth?invitation=1&email=…): its own chunk, as few visitors need it.
const AcceptInvitationView = lazyWithPreload(() => import('../components/accept-invitation-form'), (m) => m.AcceptInvitationView);

type View =
  | { name: 'login'; notice?: string; identifier?: string }
  | { name: 'register' }
  | { name: 'otp'; email: string; sentAt: number; notice?: string };

function initialView(): View {
  const pending = readPendingVerification();
  return pending ? { name: 'otp', ...pending } : { name: 'login' };
}

/** docs/product.md §2 Authentication: the login, register and otp views of /auth. */
export function AuthPage() {
  const [view, setView] = useState<View>(initialView);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();
  // The password typed in this visit, in memory only: with it a verified code signs straight in.
  // After a reload it is gone, and the login screen asks for it (decision 054).
  const password = useRef<string | null>(null);

  const enter = () => {
    clearPendingVerification();
    void navigate(safeRedirectTarget(searchParams.get('redirectTo')), { replace: true });
  };

  const showOtp = (email: string, notice: string, typed?: string) => {
    password.current = typed ?? null;
    const pending = { email, sentAt: Date.now() };
    savePendingVerification(pending);
    setView({ name: 'otp', ...pending, notice });
  };

  const showLogin = (next: { notice?: string; identifier?: string } = {}) => {
    clearPendingVerification();
    setView({ name: 'login', ...next });
  };

  if (searchParams.get('invitation') !== null) {
    return (
      <Suspense fallback={null}>
        <AcceptInvitationView
          email={searchParams.get('email') ?? ''}
          onAccepted={() => void navigate(paths.dashboard.getHref(), { replace: true })}
          onCancel={() => void navigate(paths.auth.getHref(), { replace: true })}
        />
      </Suspense>
    );
  }

  if (view.name === 'register') {
    return (
      <AuthCard title={w.registerTitle} description={w.registerIntro}>
        <RegisterForm onRegistered={showOtp} onLogin={() => showLogin()} />
      </AuthCard>
    );
  }

  if (view.name === 'otp') {
    return (
      <AuthCard title={w.verifyTitle} description={w.verifyIntro}>
        <OtpForm
          key={view.email}
          email={view.email}
          sentAt={view.sentAt}
          notice={view.notice}
          onVerified={(message) => {
            const typed = password.current;
            password.current = null;
            if (!typed) {
              showLogin({ notice: message, identifier: view.email });
              return;
            }
            login.mutate(
              { identifier: view.email, password: typed },
              {
                onSuccess: () => {
                  showSuccessToast(authMessages.verifiedSignedIn);
                  enter();
                },
                onError: () => showLogin({ notice: message, identifier: view.email }),
              },
            );
          }}
          onResent={(sentAt) => {
            savePendingVerification({ email: view.email, sentAt });
            setView({ ...view, sentAt, notice: undefined });
          }}
          onCancel={() => showLogin()}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={w.loginTitle} description={w.loginIntro}>
      <LoginForm
        key={view.notice ?? 'login'}
        notice={view.notice}
        initialIdentifier={view.identifier}
        onSuccess={enter}
        onUnverified={showOtp}
        onRegister={() => setView({ name: 'register' })}
      />
    </AuthCard>
  );
}


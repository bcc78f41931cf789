import { Suspense } from 'react';
import { SignInForm } from '../../components/session/SignInForm';

export default function SignIn() {
  return (
    <main className="page narrow-page">
      <Suspense>
        <SignInForm />
      </Suspense>
    </main>
  );
}

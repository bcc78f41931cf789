'use client';
// Sends a signed-out visitor to the sign-in page, remembering where they were going.
import { usePathname, useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useSession } from './SessionProvider';

export function SignInGate() {
  const { state } = useSession();
  const router = useRouter();
  const path = usePathname();
  useEffect(() => {
    if (state === 'signed-out' && path !== '/sign-in') router.replace(`/sign-in?next=${encodeURIComponent(path)}`);
  }, [state, path, router]);
  return null;
}

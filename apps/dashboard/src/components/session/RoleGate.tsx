// A page only for tokens whose role may read it: others get the RoleNotice saying what their role may do.
import type { ReactNode } from 'react';
import { can, type Session } from '../../lib/auth/roles';
import { RoleNotice } from './RoleNotice';
import { useSession } from './SessionProvider';

export function RoleGate({ what, may = (s) => can(s, 'read'), children }: { what: string; may?: (session: Session) => boolean; children: ReactNode }) {
  const { session } = useSession();
  if (session && !may(session)) return <RoleNotice session={session} what={what} />;
  return <>{children}</>;
}

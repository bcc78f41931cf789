// The shell of every page. API_URL is read when a page is served (not when it is built), so one build
// runs against any API; the browser then talks to that API directly.
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Header } from '../components/session/Header';
import { SessionProvider } from '../components/session/SessionProvider';
import { SignInGate } from '../components/session/SignInGate';
import './globals.css';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Coxswain', description: 'Rollouts at a glance' };

export default function RootLayout({ children }: { children: ReactNode }) {
  const apiUrl = process.env.API_URL || 'http://127.0.0.1:3000';
  return (
    <html lang="en">
      <body>
        <SessionProvider apiUrl={apiUrl}>
          <SignInGate />
          <Header />
          {children}
        </SessionProvider>
      </body>
    </html>
  );
}

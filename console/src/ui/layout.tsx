import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { clearSession, isAdmin, useSession } from '../api/session.ts';
import type { PageRoute } from './routes.ts';

/** The frame of every signed-in page: navigation, who is signed in, sign out. */
export function Layout({ routes, children }: { routes: PageRoute[]; children: ReactNode }) {
  const session = useSession();
  const [location] = useLocation();
  const links = routes.filter((route) => route.nav && (!route.admin || isAdmin(session)));
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link href="/discover" className="brand">
          Switchboard
        </Link>
        <nav aria-label="Main">
          <ul>
            {links.map((route) => {
              const current = [route.path, ...(route.navFor ?? [])].some((prefix) => location.startsWith(prefix));
              return (
                <li key={route.path}>
                  <Link href={route.path} className={current ? 'active' : ''} aria-current={current ? 'page' : undefined}>
                    {route.nav}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="who">
          <span className="who-email">{session?.user.email}</span>
          <button type="button" className="link-button" onClick={() => clearSession('signed-out')}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

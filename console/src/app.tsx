import { Redirect, Route, Router, Switch } from 'wouter';
import { useSession } from './api/session.ts';
import { adminRoutes } from './pages/admin/routes.tsx';
import { DeviceApproval } from './pages/device-approval.tsx';
import { manageRoutes } from './pages/manage/routes.tsx';
import { NotFound } from './pages/not-found.tsx';
import { OAuthConsent } from './pages/oauth-consent.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { toolRoutes } from './pages/tools/routes.tsx';
import { Layout } from './ui/layout.tsx';
import type { PageRoute } from './ui/routes.ts';

const routes: PageRoute[] = [...toolRoutes, ...manageRoutes, ...adminRoutes];

/** Every page needs a session; without one, any address shows the sign-in form and then itself. */
export function App() {
  const session = useSession();
  return (
    <Router base="/console">
      {session ? (
        <Layout routes={routes}>
          <Switch>
            <Route path="/">
              <Redirect to="/discover" replace />
            </Route>
            <Route path="/device" component={DeviceApproval} />
            <Route path="/oauth/authorize" component={OAuthConsent} />
            {routes.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
            <Route component={NotFound} />
          </Switch>
        </Layout>
      ) : (
        <SignIn intro={signInIntro(location.pathname)} />
      )}
    </Router>
  );
}

/** What the sign-in form says first on the pages another program sent the person to. */
function signInIntro(path: string): string | undefined {
  if (path.startsWith('/console/device')) return 'Sign in to approve the login your terminal started.';
  if (path.startsWith('/console/oauth/authorize')) return 'Sign in to decide whether an application may connect to your account.';
  return undefined;
}

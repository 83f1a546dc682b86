import { Link } from 'wouter';
import { Page } from '../ui/page.tsx';

export function NotFound() {
  return (
    <Page title="Page not found">
      <p>
        There is no such page in the console. <Link href="/discover">Go to Discover</Link>.
      </p>
    </Page>
  );
}

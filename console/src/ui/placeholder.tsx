import { Page } from './page.tsx';

/** Stands for a page not built yet (removed once every area has its pages). */
export function Placeholder({ title }: { title: string }) {
  return (
    <Page title={title}>
      <p>Not built yet.</p>
    </Page>
  );
}

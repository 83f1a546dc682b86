import type { Pagination } from './types.ts';

/** Previous / next over a limit-offset list, with where the reader is in it. */
export function Pager({ page, onOffset, label }: { page: Pagination; onOffset: (offset: number) => void; label: string }) {
  if (page.total <= page.limit && page.offset === 0) return null;
  const first = page.total === 0 ? 0 : page.offset + 1;
  const last = Math.min(page.offset + page.limit, page.total);
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" className="secondary" disabled={page.offset === 0} onClick={() => onOffset(Math.max(0, page.offset - page.limit))}>
        Previous
      </button>
      <span>
        {first}–{last} of {page.total}
      </span>
      <button type="button" className="secondary" disabled={last >= page.total} onClick={() => onOffset(page.offset + page.limit)}>
        Next
      </button>
    </nav>
  );
}

import { useStore } from '@nanostores/react';
import { $translate } from '../core';

/** §2: 页面不存在 / Page not found / 頁面不存在, with the way home. */
export function NotFound({ homeHref }: { homeHref: string }) {
  const translate = useStore($translate);
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{translate('shell.notFound')}</h1>
      <p>{translate('shell.notFoundHint')}</p>
      <a href={homeHref}>{translate('shell.home')}</a>
    </section>
  );
}

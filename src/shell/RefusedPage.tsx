import { useStore } from '@nanostores/react';
import { $language, $translate, type Refusal, refusalText } from '../core';

/** `/redirect/{app}` to an app the user may not open (src/core/access): why, named, and the way home. */
export function RefusedPage({ refusal, homeHref }: { refusal: Refusal; homeHref: string }) {
  const translate = useStore($translate);
  const language = useStore($language);
  return (
    <section className="not-found" aria-labelledby="refused-title">
      <h1 id="refused-title">{translate('shell.refusalTitle')}</h1>
      <p role="alert">{refusalText(refusal, translate, language)}</p>
      <a href={homeHref}>{translate('shell.home')}</a>
    </section>
  );
}

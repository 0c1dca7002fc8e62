import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Card } from '../../src/elements/common/Card';
import { NoData } from '../../src/elements/common/NoData';
import { ScrollArea } from '../../src/elements/common/ScrollArea';

// §2 "Other widgets", as markup: what a screen reader and a keyboard get from each.
const markup = renderToStaticMarkup;

describe('card, scroll area and no-data placeholder', () => {
  it('a card is a section named by its heading, carrying its data attributes', () => {
    const card = markup(
      createElement(
        Card,
        {
          heading: '常用应用',
          headingId: 'g-1',
          className: 'desktop-group',
          data: { 'data-x': '1' },
        },
        'x',
      ),
    );
    expect(card).toBe(
      '<section class="ph-card desktop-group" aria-labelledby="g-1" data-x="1"><h2 id="g-1" class="ph-card-title">常用应用</h2>x</section>',
    );
  });

  it('a scroll area of links stays out of the tab order; one of plain text is a named, focusable region', () => {
    expect(markup(createElement(ScrollArea, { maxBlockSize: '50vh' }, 'x'))).toBe(
      '<div class="ph-scroll-area" style="max-block-size:50vh">x</div>',
    );
    expect(markup(createElement(ScrollArea, { label: '历史版本' }, 'x'))).toBe(
      '<div class="ph-scroll-area" role="region" aria-label="历史版本" tabindex="0">x</div>',
    );
  });

  it('the placeholder is a status, its text as text', () => {
    expect(markup(createElement(NoData, { text: '<b>暂无数据</b>' }))).toBe(
      '<p class="ph-no-data" role="status">&lt;b&gt;暂无数据&lt;/b&gt;</p>',
    );
  });
});

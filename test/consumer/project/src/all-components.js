// Every component of ph-widgets/react, as one tree: rendered to HTML in Node with react-dom/server by the consumer
// test, and hydrated in the browser by hydrate.js. Plain JavaScript, so that Node imports it as it is.
import { PhFace, PhFooter, PhHeader, PhLogin, PhModal, PhPicker, PhUploader, PhVoice } from 'ph-widgets/react';
import { createElement as h } from 'react';

export function AllComponents() {
  return h(
    'main',
    null,
    h(PhHeader, { noRedirect: true }),
    h(PhLogin, { redirect: 'none' }),
    h(PhModal, { open: false, heading: 'Closed' }, h('p', null, 'Not shown')),
    h(PhUploader, null),
    h(PhFace, { mode: 'collect' }),
    h(PhVoice, null),
    h(PhPicker, { color: '#457cd6' }),
    h(PhFooter, null),
  );
}

'use client';
// The journey of a Next.js page: the components of ph-widgets/react server-rendered and hydrated, a dialog opened
// through a prop, a sign-in that keeps the page, and an upload whose MD5 the page is told.
import { initLanguage, phinit } from 'ph-widgets/core';
import { PhLogin, PhModal, PhUploader } from 'ph-widgets/react';
import { useEffect, useState } from 'react';

phinit({ code: 'login', appCode: 'base', env: 'production', device: 'pc' });

export default function Journey() {
  const [open, setOpen] = useState(false);
  const [signedIn, setSignedIn] = useState('');
  const [md5, setMd5] = useState('');
  useEffect(() => void initLanguage(), []);
  return (
    <main>
      <h1>Next.js consumer</h1>
      <PhLogin redirect="none" onSuccess={(data) => setSignedIn(data.userId ?? '')} />
      <output id="signed-in">{signedIn}</output>
      <button type="button" onClick={() => setOpen(true)}>
        Open the dialog
      </button>
      <PhModal open={open} heading="Next dialog" onRequestClose={() => setOpen(false)}>
        <p>Opened by a React prop</p>
      </PhModal>
      <PhUploader autoStart onSuccess={(detail) => setMd5(detail.md5)} />
      <output id="md5">{md5}</output>
    </main>
  );
}

// The clock-in terminal's page (issue 69): signed out, to the login page and back; a clock-in terminal's account
// (`faceTerminal` in `me`) gets <ph-face mode="orther">, which clocks in whoever faces it; any other account is told
// that clocking in is done at the school's terminal, and no camera starts (it had looped on 403s). Texts come from
// the widgets (PH.t), written as text only.
(() => {
  const ph = window.PH;
  if (!ph) return;
  const note = document.getElementById('clock-note');
  const area = document.getElementById('clock-area');
  const signOut = document.getElementById('sign-out');

  signOut.addEventListener('click', () => {
    signOut.disabled = true;
    const leave = () => location.assign(ph.loginPageUrl());
    ph.logout().then(leave, leave);
  });

  PHSite.start({ code: 'clockIn', appCode: 'base', env: 'production', device: 'pc', languagePack: {} }).then(
    async (config) => {
      const me = await ph.fetchMe().catch(() => null);
      const session = ph.stores.session.get();
      if (!me || !session.userId) {
        location.assign(ph.loginPageUrl());
        return;
      }
      signOut.hidden = false;
      if (!session.faceTerminal) {
        note.dataset.text = 'page.clockIn.notTerminal';
        PHSite.render(config.languages);
        return;
      }
      const face = document.createElement('ph-face');
      face.setAttribute('mode', 'orther');
      area.append(face);
    },
  );
})();

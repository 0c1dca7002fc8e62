// @ts-check
/// <reference path="../../../dist/ph-global.d.ts" />
// The script of a legacy module page: plain JavaScript, checked against dist/ph-global.d.ts (README "Helper kit").
// Everything it uses comes from window.PH after the one <script src="/dist/ph-widgets.js">.

/** @typedef {Record<string, string>} Texts */

/** @type {Record<'zh-CN' | 'en' | 'zh-HK', Texts>} */
const TEXT = {
  'zh-CN': {
    title: '班级事务',
    noticesHeading: '班级通知',
    intro: '给家长发布一条班级通知。',
    publish: '发布通知',
    composeTitle: '编辑通知',
    subject: '标题',
    content: '内容',
    preview: '预览',
    send: '发送',
    previewTitle: '预览通知',
    ok: '确定',
    empty: '（未填写）',
    sent: '通知已发送',
    rosterHeading: '三年级二班花名册',
    rosterTitle: '三年级二班花名册',
    moreColumns: '表格较宽：左右滑动可查看全部列 →',
    export: '导出',
    studentNo: '学号',
    name: '姓名',
    parentPhone: '家长手机',
    homework: '作业附件',
    size: '大小',
    contactHeading: '家长联系信息',
    contactIntro: '请核对家长的身份证号码、手机号码和电子邮箱。',
    idCard: '身份证号码',
    phone: '手机号码',
    email: '电子邮箱',
    save: '保存',
    saved: '联系信息已保存',
    required: '此项必填',
  },
  en: {
    title: 'Class office',
    noticesHeading: 'Class notices',
    intro: 'Publish a class notice to parents.',
    publish: 'Publish a notice',
    composeTitle: 'Write a notice',
    subject: 'Subject',
    content: 'Content',
    preview: 'Preview',
    send: 'Send',
    previewTitle: 'Notice preview',
    ok: 'OK',
    empty: '(empty)',
    sent: 'The notice has been sent',
    rosterHeading: 'Class 3-2 roster',
    rosterTitle: 'Class 3-2 roster',
    moreColumns: 'Wider than the screen: scroll sideways for every column →',
    export: 'Export',
    studentNo: 'Student no.',
    name: 'Name',
    parentPhone: "Parent's mobile",
    homework: 'Homework file',
    size: 'Size',
    contactHeading: 'Parent contact details',
    contactIntro: "Check the parent's ID card number, mobile number and email address.",
    idCard: 'ID card number',
    phone: 'Mobile number',
    email: 'Email',
    save: 'Save',
    saved: 'Contact details saved',
    required: 'This field is required',
  },
  'zh-HK': {
    title: '班級事務',
    noticesHeading: '班級通知',
    intro: '給家長發佈一條班級通知。',
    publish: '發佈通知',
    composeTitle: '編輯通知',
    subject: '標題',
    content: '內容',
    preview: '預覽',
    send: '發送',
    previewTitle: '預覽通知',
    ok: '確定',
    empty: '（未填寫）',
    sent: '通知已發送',
    rosterHeading: '三年級二班花名冊',
    rosterTitle: '三年級二班花名冊',
    moreColumns: '表格較闊：左右滑動可查看全部欄 →',
    export: '匯出',
    studentNo: '學號',
    name: '姓名',
    parentPhone: '家長手機',
    homework: '作業附件',
    size: '大小',
    contactHeading: '家長聯繫資料',
    contactIntro: '請核對家長的身份證號碼、手機號碼和電子郵箱。',
    idCard: '身份證號碼',
    phone: '手機號碼',
    email: '電子郵箱',
    save: '儲存',
    saved: '聯繫資料已儲存',
    required: '此項必填',
  },
};

/** The class roster: student number, name, parent's mobile, last homework file and its size in bytes. */
const ROSTER = [
  ['2023020101', '李明', '13800138001', '作文-春游.docx', 48213],
  ['2023020102', '王芳', '13800138002', '数学练习-第三单元.pdf', 1536000],
  ['2023020103', '张伟', '13800138003', '朗读录音.m4a', 5242880],
  ['2023020104', '刘洋', '13800138004', '手抄报.jpg', 734003],
  ['2023020105', '陈静', '13800138005', '科学实验视频.mp4', 734003200],
  ['2023020106', '赵磊', '13800138006', '读书笔记.txt', 312],
];

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
function byId(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing`);
  return element;
}

/**
 * @param {string} id
 * @returns {HTMLElementTagNameMap['ph-modal']}
 */
function modal(id) {
  return /** @type {HTMLElementTagNameMap['ph-modal']} */ (byId(id));
}

/** @param {Texts} text */
function fillRoster(text) {
  const body = /** @type {HTMLTableElement} */ (byId('roster')).tBodies[0];
  if (!body) return;
  for (const [studentNo, name, phone, file, bytes] of ROSTER) {
    const row = body.insertRow();
    for (const value of [studentNo, name, phone, file]) row.insertCell().textContent = String(value);
    const size = row.insertCell();
    size.className = 'number';
    size.textContent = PH.formatBytes(Number(bytes));
  }
  byId('export').addEventListener('click', () => {
    PH.exportTable(/** @type {HTMLTableElement} */ (byId('roster')), text.rosterTitle ?? '');
  });
}

/** Each field of the contact form and the §5 rule that checks it. */
const CONTACT_FIELDS = [
  { id: 'id-card', check: PH.validate.idCard },
  { id: 'phone', check: PH.validate.phone },
  { id: 'email', check: PH.validate.email },
];

/**
 * Shows the rule's message under the field (or clears it); true when the value passes. An empty field is told it is
 * required: the format message is for a value that is wrong (issue 56).
 * @param {{ id: string, check: (value: string) => { valid: true } | { valid: false, message: string } }} field
 * @param {Texts} text
 */
function checkField(field, text) {
  const input = /** @type {HTMLInputElement} */ (byId(field.id));
  const result = input.value.trim() === '' ? { valid: false, message: text.required ?? '' } : field.check(input.value);
  byId(`${field.id}-error`).textContent = result.valid ? '' : result.message;
  input.setAttribute('aria-invalid', String(!result.valid));
  return result.valid;
}

/** @param {Texts} text */
function wireContactForm(text) {
  for (const field of CONTACT_FIELDS) {
    const input = byId(field.id);
    input.addEventListener('blur', () => checkField(field, text));
    input.addEventListener('change', () => checkField(field, text));
  }
  byId('contact').addEventListener('submit', (event) => {
    event.preventDefault();
    const failed = CONTACT_FIELDS.filter((field) => !checkField(field, text));
    const first = failed[0];
    if (first) byId(first.id).focus();
    else PH.notify('success', text.saved ?? '');
  });
}

/** @param {Texts} text */
function wireNotices(text) {
  const compose = modal('compose');
  const confirm = modal('confirm');
  byId('publish').addEventListener('click', () => {
    compose.open = true;
  });
  // The notice is written and previewed in the colour, size and family chosen in the picker.
  byId('notice-style').addEventListener('ph-picker-change', (event) => {
    const { color, fontSize, fontFamily } = /** @type {CustomEvent} */ (event).detail;
    for (const id of ['content', 'preview-text']) Object.assign(byId(id).style, { color, fontSize, fontFamily });
  });
  byId('preview').addEventListener('click', () => {
    const subject = /** @type {HTMLInputElement} */ (byId('subject')).value.trim();
    byId('preview-text').textContent = subject || text.empty || '';
    confirm.open = true;
  });
  byId('confirm-ok').addEventListener('click', () => {
    confirm.open = false;
  });
  byId('send').addEventListener('click', () => {
    compose.open = false;
    PH.notify('success', text.sent ?? '');
  });
}

/**
 * While the roster is wider than its box (a phone), says so above it and fades the edge that has more columns beyond
 * it, so a cut column never looks like the table's end.
 */
function signWiderTable() {
  const box = byId('roster-scroll');
  const frame = /** @type {HTMLElement} */ (box.parentElement);
  const update = () => {
    const hidden = box.scrollWidth - box.clientWidth;
    byId('roster-more').hidden = hidden <= 1;
    const more = [];
    if (box.scrollLeft > 1) more.push('start');
    if (box.scrollLeft < hidden - 1) more.push('end');
    frame.dataset.more = more.join(' ');
  };
  // The observer's first call comes after the frame's layout, before its paint: read here at once, the widths forced the
  // whole page's first layout inside this script's task (135 ms at 4x CPU, issue 36).
  new ResizeObserver(update).observe(box);
  box.addEventListener('scroll', update, { passive: true });
}

/** The header shows who is signed in; the body says whether someone is, for the page's own styles and tests. */
function markLoginStatus() {
  PH.fetchMe().then((me) => {
    document.body.dataset.loginStatus = me ? 'in' : 'out';
  });
}

// This page carries its own texts (TEXT above), so no language file is fetched (an empty preloaded pack).
// The voice button in the header uses the reference server's speech gateway (its demo app keys), as the shell does.
phinit({
  code: 'notice',
  appCode: 'notice',
  env: 'production',
  languagePack: {},
  voice: {
    recognizer: 'nls',
    nlsUrl: '/nls-gateway/ws/v1',
    appKeys: { 'zh-CN': 'ph-demo-mandarin', en: 'ph-demo-english', 'zh-HK': 'ph-demo-cantonese' },
  },
});
PH.initLanguage().then((language) => {
  const text = TEXT[language];
  document.documentElement.lang = language;
  document.title = text.title ?? '';
  for (const node of document.querySelectorAll('[data-text]')) {
    if (node instanceof HTMLElement) node.textContent = text[node.dataset.text ?? ''] ?? '';
  }
  fillRoster(text);
  wireContactForm(text);
  wireNotices(text);
  signWiderTable();
  markLoginStatus();
  // Texts and rows are in: the page shows, in place (demo.css).
  delete document.body.dataset.filling;
});

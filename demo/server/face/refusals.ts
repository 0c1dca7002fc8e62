import { ApiError, fieldError, type Text } from '../envelope';

// The face calls' own refusals, in the three languages (zh-HK written out: it follows docs/glossary.json, 賬號 and
// 聯絡, where character conversion would give 聯繫). They name no one: a refusal must not tell a stranger whose face
// a photo shows.

export const noMatch = () =>
  new ApiError(400, 'face_not_matched', {
    zh: '未识别到已登记的人脸',
    en: 'No registered face matches this photo',
    hk: '未識別到已登記的人臉',
  });

export const replayed = () =>
  new ApiError(400, 'face_replayed', {
    zh: '这张照片已经用过，请面对摄像头重新拍摄',
    en: 'This photo has been used before; face the camera for a new one',
    hk: '這張照片已經用過，請面對攝像頭重新拍攝',
  });

export const notATerminal = () =>
  new ApiError(403, 'not_a_terminal', {
    zh: '只有考勤终端可以打卡',
    en: 'Only a clock-in terminal can record attendance',
    hk: '只有考勤終端可以打卡',
  });

/** Registration of a face that public face login would take for someone else's (issue 54). */
export const faceTaken = () =>
  new ApiError(409, 'face_taken', {
    zh: '这张人脸已登记在另一个账号上，请联系学校管理员',
    en: "This face is already registered to another account; ask your school's administrator",
    hk: '這張人臉已登記在另一個賬號上，請聯絡學校管理員',
  });

/**
 * A photo that matches two or more registered people: signing in as either could be the wrong one. A conflict of
 * the registered faces, not a failure of the caller's, so it counts against no one.
 */
export const faceAmbiguous = () =>
  new ApiError(409, 'face_ambiguous', {
    zh: '这张人脸与多个账号相符，无法确定是谁，请联系学校管理员',
    en: "This face matches more than one account, so it cannot tell whose it is; ask your school's administrator",
    hk: '這張人臉與多個賬號相符，無法確定是誰，請聯絡學校管理員',
  });

/** face/user, face/check and face/attendance name whose face or attendance they mean. */
export const userRequired = () => {
  const text: Text = { zh: '未找到 userId', en: 'userId not found', hk: '未找到 userId' };
  return new ApiError(400, 'user_required', text, [fieldError('userId', text)]);
};

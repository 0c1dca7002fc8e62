import { addStrings, type StringTable, type TranslateParams, t } from '../i18n/translate';

// The uploader's texts (§8 upload errors, §5 base64 rules) in the three languages. They join core's built-in
// table the first time the uploader speaks, so pages that never upload (a work-chat login) do not carry them.
// Loaded language packs still win over them, key by key.

export const UPLOAD_STRINGS: StringTable = {
  'zh-CN': {
    'upload.error.notFound': '未找到文件',
    'upload.error.empty': '文件是空的（0 字节），没有可上传的内容',
    'upload.error.failed': '上传失败',
    'upload.error.fileType': '文件类型错误',
    'upload.error.notAccepted': '此处不接受该类型的文件（可上传：{accept}）',
    'upload.error.check': '文件校验失败',
    'upload.error.chunkCheck': '分片校验失败',
    'upload.error.chunkUpload': '分片上传失败',
    'upload.error.merge': '文件合并失败',
    'upload.error.chunkCount': '分片数量异常',
    'upload.error.read': '无法读取文件，请重新选择',
    'upload.error.network': '网络错误',
    'upload.error.timeout': '请求超时（{ms} 毫秒）',
    'upload.base64.imageRequired': '图片不能为空',
    'upload.base64.nameRequired': '文件名不能为空',
  },
  en: {
    'upload.error.notFound': 'Not find file',
    'upload.error.empty': 'The file is empty (0 bytes): there is nothing to upload',
    'upload.error.failed': 'Upload failed',
    'upload.error.fileType': 'file type error',
    'upload.error.notAccepted': 'Files of this type are not accepted here (accepted: {accept})',
    'upload.error.check': 'File check failed',
    'upload.error.chunkCheck': 'Chunk check failed',
    'upload.error.chunkUpload': 'Chunk upload failed',
    'upload.error.merge': 'Merging the chunks failed',
    'upload.error.chunkCount': 'abnormal chunk count',
    'upload.error.read': 'The file could not be read; please choose it again',
    'upload.error.network': 'Network Error',
    'upload.error.timeout': 'timeout of {ms}ms exceeded',
    'upload.base64.imageRequired': 'The image cannot be empty',
    'upload.base64.nameRequired': 'The file name cannot be empty',
  },
  'zh-HK': {
    'upload.error.notFound': '未找到檔案',
    'upload.error.empty': '檔案是空的（0 位元組），沒有可上載的內容',
    'upload.error.failed': '上載失敗',
    'upload.error.fileType': '檔案類型錯誤',
    'upload.error.notAccepted': '此處不接受該類型的檔案（可上載：{accept}）',
    'upload.error.check': '檔案校驗失敗',
    'upload.error.chunkCheck': '分片校驗失敗',
    'upload.error.chunkUpload': '分片上載失敗',
    'upload.error.merge': '檔案合併失敗',
    'upload.error.chunkCount': '分片數量異常',
    'upload.error.read': '無法讀取檔案，請重新選擇',
    'upload.error.network': '網絡錯誤',
    'upload.error.timeout': '請求超時（{ms} 毫秒）',
    'upload.base64.imageRequired': '圖片不能為空',
    'upload.base64.nameRequired': '檔案名不能為空',
  },
};

let added = false;

/** `t()` for the uploader's keys (core's own keys pass through too). */
export function uploadText(key: string, params?: TranslateParams): string {
  if (!added) {
    addStrings(UPLOAD_STRINGS);
    added = true;
  }
  return t(key, params);
}

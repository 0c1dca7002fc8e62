import type { StringTable } from '../../core';

/** Built-in texts of <ph-face> (its buttons and labels), added to core's table by PhFace.tsx. */
export const FACE_ELEMENT_STRINGS: StringTable = {
  'zh-CN': {
    'face.region': '人脸识别',
    'face.photograph': '拍照',
    'face.again': '重拍',
    'face.save': '保存',
    'face.upload': '上传照片',
    'face.opening': '正在打开摄像头…',
    'face.registeredAt': '已登记的人脸（{time}）',
    'face.pictureUnreadable': '无法读取该图片，请选择 JPEG 或 PNG 照片',
  },
  en: {
    'face.region': 'Face recognition',
    'face.photograph': 'Photograph',
    'face.again': 'Again',
    'face.save': 'Save',
    'face.upload': 'Upload a photo',
    'face.opening': 'Opening the camera…',
    'face.registeredAt': 'Registered face ({time})',
    'face.pictureUnreadable': 'This picture cannot be read: choose a JPEG or PNG photo',
  },
  'zh-HK': {
    'face.region': '人臉識別',
    'face.photograph': '拍照',
    'face.again': '重拍',
    'face.save': '儲存',
    'face.upload': '上載相片',
    'face.opening': '正在開啟鏡頭…',
    'face.registeredAt': '已登記的人臉（{time}）',
    'face.pictureUnreadable': '無法讀取該圖片，請選擇 JPEG 或 PNG 相片',
  },
};

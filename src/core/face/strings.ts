import { addStrings, type StringTable } from '../i18n/translate';

// The texts of the face widget (§8 and the states around them), in the three languages. They join the built-in
// table the first time the widget needs them, so that pages without a face widget do not carry them.
export const FACE_STRINGS: StringTable = {
  'zh-CN': {
    'face.userIdMissing': '未找到 userId',
    'face.insecure': '摄像头仅在 https 页面或本机地址下可用',
    'face.noCamera': '该设备未检测到摄像头设备！',
    'face.denied': '摄像头权限被拒绝，请允许本网站使用摄像头',
    'face.busy': '摄像头正被其他应用占用',
    'face.countdown': '准备拍摄：{seconds}',
    'face.ready': '请正对取景框，然后点击拍照',
    'face.hint': '请正对指定区域',
    'face.turnLeft': '请向左转头',
    'face.turnRight': '请向右转头',
    'face.openMouth': '请张开嘴巴',
    'face.recognising': '正在识别…',
    'face.saving': '正在保存…',
    'face.timeout': '人脸检测超时，点击重试！请在{seconds}秒内正对指定区域超过{hold}秒。',
    'face.success': '人脸采集完成！',
    'face.clockedIn': '{name}，打卡成功（{time}）',
    'face.next': '点击为下一位打卡',
    'face.retry': '点击重试',
    'face.modelFailed': '人脸检测模型加载失败',
    'face.livenessUnsupported': '此处的人脸识别需要活体检测，本平台未提供',
  },
  en: {
    'face.userIdMissing': 'userId not found',
    'face.insecure': 'The camera is available only on https pages or localhost',
    'face.noCamera': 'No camera device detected by this device!',
    'face.denied': 'Camera access was denied: allow the camera for this site',
    'face.busy': 'The camera is in use by another application',
    'face.countdown': 'Get ready: {seconds}',
    'face.ready': 'Face the frame, then press Photograph',
    'face.hint': 'Please face the designated area',
    'face.turnLeft': 'Turn your head to your left',
    'face.turnRight': 'Turn your head to your right',
    'face.openMouth': 'Open your mouth',
    'face.recognising': 'Recognising…',
    'face.saving': 'Saving…',
    'face.timeout':
      'Face detection timeout, click to try again! Please face the designated area in {seconds} seconds for more than {hold} seconds.',
    'face.success': 'Face acquisition completed!',
    'face.clockedIn': '{name} clocked in at {time}',
    'face.next': 'Click for the next person',
    'face.retry': 'Click to try again',
    'face.modelFailed': 'The face detector could not be loaded',
    'face.livenessUnsupported': 'Face recognition here needs a liveness check, which this platform does not provide',
  },
  'zh-HK': {
    'face.userIdMissing': '未找到 userId',
    'face.insecure': '攝像頭僅在 https 頁面或本機地址下可用',
    'face.noCamera': '該設備未檢測到攝像頭設備！',
    'face.denied': '攝像頭權限被拒絕，請允許本網站使用攝像頭',
    'face.busy': '攝像頭正被其他應用佔用',
    'face.countdown': '準備拍攝：{seconds}',
    'face.ready': '請正對取景框，然後點擊拍照',
    'face.hint': '請正對指定區域',
    'face.turnLeft': '請向左轉頭',
    'face.turnRight': '請向右轉頭',
    'face.openMouth': '請張開嘴巴',
    'face.recognising': '正在識別…',
    'face.saving': '正在儲存…',
    'face.timeout': '人臉檢測超時，點擊重試！請在{seconds}秒內正對指定區域超過{hold}秒。',
    'face.success': '人臉採集完成！',
    'face.clockedIn': '{name}，打卡成功（{time}）',
    'face.next': '點擊為下一位打卡',
    'face.retry': '點擊重試',
    'face.modelFailed': '人臉檢測模型加載失敗',
    'face.livenessUnsupported': '此處的人臉識別需要活體檢測，本平台未提供',
  },
};

let added = false;

/** Adds the face texts to the built-in table once (a loaded language pack still wins over them). */
export function ensureFaceStrings(): void {
  if (added) return;
  addStrings(FACE_STRINGS);
  added = true;
}

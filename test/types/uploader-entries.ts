// Type test, checked by `npm run typecheck`: the uploader's detail types are written once (ph-uploader/details.ts)
// and both entries export that module whole, so a page on the element (ph-widgets/elements/ph-uploader) and an app
// on ph-widgets/react name the same types; the React props take the element's settings. Nothing here runs.
import type * as element from '../../src/elements/ph-uploader/define';
import type * as react from '../../src/elements/react';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const exactly = <A, B>(proof: Equal<A, B>) => proof;

export function sameDetails(): void {
  exactly<react.PhUploaderFileDetail, element.PhUploaderFileDetail>(true);
  exactly<react.PhUploaderProgressDetail, element.PhUploaderProgressDetail>(true);
  exactly<react.PhUploaderSuccessDetail, element.PhUploaderSuccessDetail>(true);
  exactly<react.PhUploaderErrorDetail, element.PhUploaderErrorDetail>(true);
  exactly<react.PhUploaderCompleteDetail, element.PhUploaderCompleteDetail>(true);
  exactly<Parameters<NonNullable<react.PhUploaderProps['onSuccess']>>[0], element.PhUploaderSuccessDetail>(true);
  // The settings a page sets as attributes are the React props, the callbacks aside.
  exactly<
    keyof Omit<react.PhUploaderProps, 'onProgress' | 'onSuccess' | 'onError' | 'onComplete'>,
    | 'serverid'
    | 'chunkSize'
    | 'parallel'
    | 'accept'
    | 'maxSize'
    | 'retryDelays'
    | 'multiple'
    | 'directory'
    | 'autoStart'
  >(true);
}

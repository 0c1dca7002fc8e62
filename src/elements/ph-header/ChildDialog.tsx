import { useStore } from '@nanostores/react';
import { $hongKong, $language, $session, $translate, type Child, splitBilingual } from '../../core';
import { PhModal } from '../ph-modal/PhModal';

/** §2 child selector: the parent's children (name, grade, class in the page language) with an enter button each. */
export function ChildDialog(props: { open: boolean; onClose: () => void; onEnter: (child: Child) => void }) {
  const translate = useStore($translate);
  const session = useStore($session);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  return (
    <PhModal
      platformDialog
      inline
      open={props.open}
      heading={translate('header.childTitle')}
      width="560px"
      onRequestClose={props.onClose}
    >
      <table className="table" part="children">
        <thead>
          <tr>
            <th scope="col">{translate('header.childName')}</th>
            <th scope="col">{translate('header.grade')}</th>
            <th scope="col">{translate('header.class')}</th>
            <th scope="col">
              <span className="visually-hidden">{translate('header.enter')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {session.chirdenList.map((child) => {
            const current = child.id === session.currentChirden?.id;
            return (
              <tr key={child.id} aria-current={current ? 'true' : undefined}>
                <td>
                  {splitBilingual(child.realName, language)}
                  {current ? <span className="current-tag">{translate('header.current')}</span> : null}
                </td>
                {/* Grade and class names may carry every language (`三年级|||Grade 3|||三年級`): the page's is shown. */}
                <td>{splitBilingual(child.gradeName, language)}</td>
                <td>{splitBilingual(child.className, language)}</td>
                <td>
                  <button
                    type="button"
                    className={current ? 'ph-button' : 'ph-button primary'}
                    aria-label={`${translate('header.enter')}: ${splitBilingual(child.realName, language)}`}
                    onClick={() => props.onEnter(child)}
                  >
                    {translate('header.enter')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </PhModal>
  );
}

import { useStore } from '@nanostores/react';
import { $session, $translate, type Child } from '../../core';
import { PhModal } from '../ph-modal/PhModal';

/** §2 child selector: the parent's children (name, grade, class) with an enter button each. */
export function ChildDialog(props: { open: boolean; onClose: () => void; onEnter: (child: Child) => void }) {
  const translate = useStore($translate);
  const session = useStore($session);
  return (
    <PhModal
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
                  {child.realName}
                  {current ? <span className="current-tag">{translate('header.current')}</span> : null}
                </td>
                <td>{child.gradeName}</td>
                <td>{child.className}</td>
                <td>
                  <button
                    type="button"
                    className={current ? 'ph-button' : 'ph-button primary'}
                    aria-label={`${translate('header.enter')}: ${child.realName}`}
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

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/core/api/wire';
import { firstScreenCalls } from '../../../src/core/desktop/first-screen';
import { answerKey } from '../../../src/core/http/page-answers';

// Issue 70: the calls whose answers a signed-in desktop page may carry, by who is signed in (their keys are what the
// calls send: test/e2e/first-screen.test.ts sees none of them leave the page).

const PAGE = { appCode: 'base', treeCode: 'desktop' };
const keys = (userType: number) =>
  firstScreenCalls({ userId: 'u-1', userType, unitId: 'unit-1' }, PAGE).map((call) => answerKey(call.url, call.params));

describe('firstScreenCalls', () => {
  it("asks a teacher's permission tree and role candidates, with the page's app code for the licence", () => {
    const teacher = keys(2);
    expect(teacher).toContain(`${ENDPOINTS.permissionTree}?code=desktop`);
    expect(teacher).toContain(`${ENDPOINTS.alreadyParentTeacher}?teacherId=u-1`);
    expect(teacher).toContain(`${ENDPOINTS.licence}?serverId=base&unitId=unit-1`);
    expect(teacher).toContain(`${ENDPOINTS.appIcons}?appType=1&unitId=unit-1&userId=u-1`);
    expect(teacher.some((key) => key.startsWith(ENDPOINTS.childrenOfParent))).toBe(false);
  });

  it("asks a parent's children and role candidates, and no permission tree", () => {
    const parent = keys(3);
    expect(parent).toContain(`${ENDPOINTS.childrenOfParent}?parentId=u-1`);
    expect(parent).toContain(`${ENDPOINTS.currentChildOfParent}?parentId=u-1`);
    expect(parent).toContain(`${ENDPOINTS.alreadyParentTeacher}?parentId=u-1`);
    expect(parent.some((key) => key.startsWith(ENDPOINTS.permissionTree))).toBe(false);
  });

  it('asks a student neither role candidates nor a tree nor children', () => {
    const student = keys(1);
    for (const path of [ENDPOINTS.alreadyParentTeacher, ENDPOINTS.permissionTree, ENDPOINTS.childrenOfParent])
      expect(student.some((key) => key.startsWith(path))).toBe(false);
    expect(student).toContain(ENDPOINTS.unitConfig);
    expect(student).toContain(`${ENDPOINTS.unitConfig}?unitId=unit-1`);
  });
});

// §1's user types, the numeric `userType` of `me`, the login answer and the session. Every rule that reads the type
// asks here, so that the numbers are written once.

const TEACHER = 2;
const PARENT = 3;
/** Treated like a teacher in menus (§1). */
const TEACHER_LIKE = 4;
const STUDENT = 1;

/** §1: teachers (2) and type 4: path id tm, the permission tree, the teachers' menus. */
export function isTeacherType(userType: number | string): boolean {
  const type = Number(userType);
  return type === TEACHER || type === TEACHER_LIKE;
}

/** §1: parents (3), with linked children. */
export function isParentType(userType: number | string): boolean {
  return Number(userType) === PARENT;
}

/** §2: students (1) and parents (3) never reach the teachers' (tm) pages; other types (admins) are not kept out. */
export function isKeptFromTeacherPages(userType: number | string): boolean {
  const type = Number(userType);
  return type === STUDENT || type === PARENT;
}

import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import type { FieldError } from '../../src/core/api/types';
import { errors, fieldError, type Text } from './envelope';

// Request validation, one place for every route and for multipart fields. JSON bodies keep their types: an array or
// a number where a string belongs is refused, never coerced (`{"username":["student"]}` must not sign in). Form
// bodies, query strings and path parameters are text by nature, so numbers are read from them — but an array is
// still no string there either.

const base = { useDefaults: true, removeAdditional: true, allErrors: false, addUsedSchema: false } as const;
const strict = new Ajv({ ...base, coerceTypes: false });
const fromText = new Ajv({ ...base, coerceTypes: true });

/** Marks a body parsed from a form (`application/x-www-form-urlencoded`): its values may be read as numbers. */
export const FORM_BODY = Symbol('ph.formBody');

export function markFormBody<T extends object>(body: T): T {
  Object.defineProperty(body, FORM_BODY, { value: true, enumerable: false });
  return body;
}

/**
 * Compiled once per schema's text, not per object: Fastify hands each server its own copies of the route schemas, and
 * compiling the 56 of them again was over half of a server's start (100 of 180 ms of CPU; the test tiers start
 * hundreds of servers in a few processes). A validator is a pure function of its schema's text.
 */
const compiled = new Map<string, { strict: ValidateFunction; fromText: ValidateFunction }>();

function validators(schema: object) {
  const text = JSON.stringify(schema);
  let pair = compiled.get(text);
  if (!pair) {
    pair = { strict: strict.compile(schema), fromText: fromText.compile(schema) };
    compiled.set(text, pair);
  }
  return pair;
}

/** Fastify's validator compiler: strict for JSON bodies, reading numbers from text everywhere else. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const pair = validators(schema);
  const validate = (data: unknown) => {
    const textual = httpPart !== 'body' || (typeof data === 'object' && data !== null && FORM_BODY in data);
    const chosen = textual ? pair.fromText : pair.strict;
    if (chosen(data)) return true;
    validate.errors = chosen.errors;
    return false;
  };
  validate.errors = null as ErrorObject[] | null | undefined;
  return validate;
};

/** Validates text fields (multipart) against a schema of schemas.ts; a failure is a 400 with field errors. */
export function checkFields<T>(schema: object, fields: Record<string, string>): T {
  const validate = validators(schema).fromText;
  const data: Record<string, unknown> = { ...fields };
  if (!validate(data)) throw errors.badRequest(undefined, fieldErrorsOf(validate.errors ?? []));
  return data as T;
}

export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export function fieldErrorsOf(issues: readonly ValidationIssue[]): FieldError[] {
  return issues.map((issue) => fieldError(fieldOf(issue), issueText(issue)));
}

function fieldOf(issue: ValidationIssue): string {
  if (typeof issue.params.missingProperty === 'string') return issue.params.missingProperty;
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
}

const TYPE_NAMES: Record<string, Text> = {
  string: { zh: '文本', en: 'text' },
  integer: { zh: '整数', en: 'a whole number' },
  number: { zh: '数字', en: 'a number' },
  boolean: { zh: '布尔值', en: 'true or false' },
  object: { zh: '对象', en: 'an object' },
  array: { zh: '列表', en: 'a list' },
};

/** What was wrong with a value, in both languages (never Ajv's English alone). */
function issueText(issue: ValidationIssue): Text {
  const p = issue.params;
  switch (issue.keyword) {
    case 'required':
      return { zh: '必填', en: 'Required' };
    case 'maxLength':
      return { zh: `不能超过 ${p.limit} 个字符`, en: `At most ${p.limit} characters` };
    case 'minLength':
      return p.limit === 1
        ? { zh: '不能为空', en: 'Must not be empty' }
        : { zh: `至少 ${p.limit} 个字符`, en: `At least ${p.limit} characters` };
    case 'pattern':
      return { zh: '格式不正确', en: 'Invalid format' };
    case 'type': {
      const name = TYPE_NAMES[String(p.type).split(',')[0] as string] ?? { zh: String(p.type), en: String(p.type) };
      return { zh: `应为${name.zh}`, en: `Must be ${name.en}` };
    }
    case 'minimum':
    case 'exclusiveMinimum':
      return { zh: `不能小于 ${p.limit}`, en: `Must be at least ${p.limit}` };
    case 'maximum':
    case 'exclusiveMaximum':
      return { zh: `不能大于 ${p.limit}`, en: `Must be at most ${p.limit}` };
    case 'enum':
      return { zh: '不是允许的值', en: 'Not one of the allowed values' };
    default:
      return { zh: '参数不合法', en: 'Invalid value' };
  }
}

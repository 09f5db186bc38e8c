import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldErrors, ProblemError, problem, sendProblem } from './problems.ts';

type ValidationIssue = {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
};

/** Groups validation messages by field (`name`, `endDate`, `items.0.id`). */
function fieldErrorsOf(
  issues: readonly ValidationIssue[],
  context: string | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const issuePath = issue.params?.issue?.path;
    const field =
      issuePath && issuePath.length > 0
        ? issuePath.map(String).join('.')
        : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || (context ?? 'body');
    errors[field] = [...(errors[field] ?? []), issue.message ?? 'is invalid'];
  }
  return errors;
}

/**
 * Every error leaves as problem details. Client mistakes keep their 4xx status and a
 * useful message; anything else is a 500 that says nothing about our internals and
 * is logged with the request id so it can be found.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ProblemError) {
      if (error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return sendProblem(
        reply,
        problem(error.status, error.message, {
          ...error.extensions,
          title: error.title,
          ...(error.errors ? { errors: error.errors } : {}),
        }),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendProblem(
        reply,
        problem(400, 'One or more fields are invalid.', {
          errors: fieldErrorsOf(error.validation as ValidationIssue[], error.validationContext),
        }),
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return sendProblem(reply, problem(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(
      reply,
      problem(500, `Something went wrong on our side. Reference: ${request.id}.`),
    );
  });
}

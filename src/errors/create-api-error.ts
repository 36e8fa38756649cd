import { ApiError, type ApiErrorInit, answeredInFront } from './api-error.js';
import { AuthenticationError } from './authentication-error.js';
import { ConflictError } from './conflict-error.js';
import { NotFoundError } from './not-found-error.js';
import { PermissionDeniedError } from './permission-denied-error.js';
import { PlanRequiredError } from './plan-required-error.js';
import { RateLimitError } from './rate-limit-error.js';
import { ServerError } from './server-error.js';
import { ValidationError } from './validation-error.js';

const byStatus: Record<number, new (init: ApiErrorInit) => ApiError> = {
  401: AuthenticationError,
  402: PlanRequiredError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: ValidationError,
  429: RateLimitError,
};

/**
 * Maps a non-2xx response to its error class: the one place a status becomes a type.
 *
 * @param init - The status, body, request and headers of the failure.
 * @returns The subclass for the status: 5xx is {@link ServerError}, unknown statuses
 *   {@link ApiError}, and so is a 4xx from a proxy in front of the service (a body not JSON):
 *   a caller branching on {@link NotFoundError} or {@link AuthenticationError} (parking a
 *   shipment, rotating a key) would act on what the service never said.
 */
export function createApiError(init: ApiErrorInit): ApiError {
  const ErrorClass =
    (answeredInFront(init) ? undefined : byStatus[init.status]) ??
    (init.status >= 500 ? ServerError : ApiError);
  return new ErrorClass(init);
}

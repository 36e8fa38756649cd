// Every error the SDK throws, one class per file under OrderFulfillmentError.
export { AbortError } from './abort-error.js';
export { ApiError, type ApiErrorInit } from './api-error.js';
export { AuthenticationError } from './authentication-error.js';
export { ConfigurationError } from './configuration-error.js';
export { ConflictError } from './conflict-error.js';
export { ConnectionError } from './connection-error.js';
export { createApiError } from './create-api-error.js';
export { NotFoundError } from './not-found-error.js';
export {
  OrderFulfillmentError,
  type RequestErrorOptions,
  type ResumeCursor,
} from './order-fulfillment-error.js';
export { PermissionDeniedError } from './permission-denied-error.js';
export { PlanRequiredError } from './plan-required-error.js';
export { RateLimitError } from './rate-limit-error.js';
export { type ResponseIssue, ResponseValidationError } from './response-validation-error.js';
export { ServerError } from './server-error.js';
export {
  type SignatureFailureReason,
  SignatureVerificationError,
} from './signature-verification-error.js';
export { TimeoutError, type TimeoutLimit } from './timeout-error.js';
export { UnsupportedRuntimeError } from './unsupported-runtime-error.js';
export { ValidationError } from './validation-error.js';
export { WebhookBodyConsumedError } from './webhook-body-consumed-error.js';
export {
  WebhookEncodingError,
  type WebhookEncodingFailureReason,
} from './webhook-encoding-error.js';
export {
  WebhookPayloadError,
  type WebhookPayloadFailureReason,
} from './webhook-payload-error.js';

import { errorResponseSchema } from '../../../contract/errors.js';

/** What every call of the shoppers' Mini App may answer besides its own 200 (the shop's calls, the daily bonus's wheel). */
export const publicShopErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The Mini App's calls are one group in the OpenAPI document. */
export const publicShopTags = ['public shop'];

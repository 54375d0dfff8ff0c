/**
 * The operator routes' OpenAPI security requirement. Their shapes (the error answer, path
 * parameters, query flags) are in @shared/admin-api, with every other API shape.
 */
export const adminSecurity = [{ apiKey: [] }];

// The browsable API reference: the page that renders the OpenAPI document the server serves.
import { apiUrl } from './api-client';

/** The page (docs/screens.md#api-reference). */
export const API_REFERENCE_PATH = '/docs/api';

/** The OpenAPI document of every route, served by the API itself. */
export const OPENAPI_DOCUMENT_URL = apiUrl('/api/openapi.json');

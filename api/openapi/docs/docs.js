// The API reference page (GET /api/docs): Swagger UI, served from our own server, reading our OpenAPI document.
// A separate file rather than an inline script, so the page's Content-Security-Policy needs no 'unsafe-inline'.
window.ui = window.SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // The public validator badge would send our document to a third party.
  validatorUrl: null,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  displayRequestDuration: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
  filter: true,
});

/** The DNS tools the account app adds to the token routes: history, zone files, templates, deleting several records. */
export const dnsAppOperations = {};

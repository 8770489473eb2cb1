// Generated from the front ends’ document (api/openapi/app-document.ts) by openapi-typescript: run `npm run openapi:types`, do not edit.

export interface paths {
    "/admin/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in to the back office */
        get: operations["getAdminSession"];
        put?: never;
        /** Sign in with the email and password (a bot check after repeated failures); a second factor comes next */
        post: operations["postAdminSession"];
        /** Sign out of the back office */
        delete: operations["deleteAdminSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiTokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token */
        delete: operations["deleteApiTokensById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsRecords/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a DNS record */
        delete: operations["deleteDnsRecordsById"];
        options?: never;
        head?: never;
        /** Update a DNS record */
        patch: operations["patchDnsRecordsById"];
        trace?: never;
    };
    "/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an address */
        delete: operations["deleteEmailsById"];
        options?: never;
        head?: never;
        /** Change an address: to a forward or a mailbox, its destination or its password */
        patch: operations["patchEmailsById"];
        trace?: never;
    };
    "/mfas/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a two-factor method */
        delete: operations["deleteMfasById"];
        options?: never;
        head?: never;
        /** Verify a method being added */
        patch: operations["patchMfasById"];
        trace?: never;
    };
    "/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a passkey */
        delete: operations["deletePasskeysById"];
        options?: never;
        head?: never;
        /** Rename a passkey */
        patch: operations["patchPasskeysById"];
        trace?: never;
    };
    "/paymentMethods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a card */
        delete: operations["deletePaymentMethodsById"];
        options?: never;
        head?: never;
        /** Make a card the default */
        patch: operations["patchPaymentMethodsById"];
        trace?: never;
    };
    "/registeredNameservers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a registered nameserver */
        delete: operations["deleteRegisteredNameserversById"];
        options?: never;
        head?: never;
        /** Update a registered nameserver */
        patch: operations["patchRegisteredNameserversById"];
        trace?: never;
    };
    "/accountActivity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What happened to the account, newest first */
        get: operations["getAccountActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/accounts/0": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in customer's account */
        get: operations["getAccounts0"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the account's contacts and preferences */
        patch: operations["patchAccounts0"];
        trace?: never;
    };
    "/admin/abuse/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Abuse cases with their clocks: open ones oldest first, law-enforcement reports on top */
        get: operations["getAdminAbuseCases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One case: its reports, timeline and our domain of the name (the read is audited) */
        get: operations["getAdminAbuseCasesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/figures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The desk's figures over 30 days: median times, cases by category and by outcome, the first-action clock */
        get: operations["getAdminAbuseFigures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the audit log */
        get: operations["getAdminAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's credit and its history */
        get: operations["getAdminCredits"];
        put?: never;
        /** Grant account credit */
        post: operations["postAdminCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find customers by email, name, phone, domain, order or transaction number (each search is audited) */
        get: operations["getAdminCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A customer's page: contacts, domains, factors, sessions, tokens, cards, orders, ledger, notes, audit (the read is audited) */
        get: operations["getAdminCustomersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change admin, tech or billing contacts and the login email at the customer’s request (they are emailed) */
        patch: operations["patchAdminCustomersById"];
        trace?: never;
    };
    "/admin/dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The figures every role sees */
        get: operations["getAdminDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find domains by name or owner, or one of the lists the dashboard opens */
        get: operations["getAdminDomains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A domain beside what the registry answers now, its suspensions and audit entries (the read is audited) */
        get: operations["getAdminDomainsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/deletion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What deleting the domain now does with money, or why it cannot be deleted */
        get: operations["getAdminDomainsByIdDeletion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One timeline of the domain's changes: staff, the customer, the registry */
        get: operations["getAdminDomainsByIdTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/escrow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Escrow deposits, the next run, and what is wrong if anything */
        get: operations["getAdminEscrow"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/failedRenewals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Auto-renewals whose charge failed */
        get: operations["getAdminFailedRenewals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Orders, by number, domain or email */
        get: operations["getAdminOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order, its lines and its payment */
        get: operations["getAdminOrdersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's card payments outside orders */
        get: operations["getAdminPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/payments/{paymentIntentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A card payment, its charges and its refunds */
        get: operations["getAdminPaymentsByPaymentIntentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What sellers are owed, and the latest payouts */
        get: operations["getAdminPayouts"];
        put?: never;
        /** Pay sellers what they are owed, through the payouts provider or by bank transfer */
        post: operations["postAdminPayouts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per extension its wholesale cost, the rule that prices it and the retail price; the rules; the price-rise pause threshold */
        get: operations["getAdminPricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/promoCodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Promo codes with their use */
        get: operations["getAdminPromoCodes"];
        put?: never;
        /** Create a promo code */
        post: operations["postAdminPromoCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/registries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The registry connections, how each is doing, and the extensions none serves */
        get: operations["getAdminRegistries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/registries/commands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The registry commands sent for one name, newest first */
        get: operations["getAdminRegistriesCommands"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/registries/extensions/{extension}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which connection serves an extension, and whether it is for sale */
        get: operations["getAdminRegistriesExtensionsByExtension"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/renewed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Renewals that went through since a day: the list behind the Renewals figure */
        get: operations["getAdminRenewed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/revenue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Card payments taken and sellers' shares since a day: the list behind the Revenue figure */
        get: operations["getAdminRevenue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/staff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every staff member, owners first */
        get: operations["getAdminStaff"];
        put?: never;
        /** Invite a staff member (emailed a one-time enrolment link) */
        post: operations["postAdminStaff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/verifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Registrant verifications: who waits, who is suspended (each search is audited) */
        get: operations["getAdminVerifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's API tokens (never their secrets) */
        get: operations["getApiTokens"];
        put?: never;
        /** Create an API token with a second factor */
        post: operations["postApiTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/botCheck": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A bot-check challenge to solve in the browser */
        get: operations["getBotCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/carts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The visitor's cart (0: the current one), with `$relations[]=cartItems` its items */
        get: operations["getCartsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the cart's contact, card or promo code (answered with the cart), or check out with `commit: true` (answered with the order) */
        patch: operations["patchCartsById"];
        trace?: never;
    };
    "/dev/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sandbox's sent messages (sandbox mode only) */
        get: operations["getDevOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsChanges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A zone's change history, newest first */
        get: operations["getDnsChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsChanges/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What changed between two versions of a zone */
        get: operations["getDnsChangesDiff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsRecords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List DNS records */
        get: operations["getDnsRecords"];
        put?: never;
        /** Add a DNS record */
        post: operations["postDnsRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsTemplates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The one-click DNS templates */
        get: operations["getDnsTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domainOffers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Offers on the account's domains */
        get: operations["getDomainOffers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domainSearch/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check availability */
        get: operations["getDomainSearchCheck"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List domains */
        get: operations["getDomains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a domain */
        get: operations["getDomainsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a domain: any field group the account app shows (a token may send only its few) */
        patch: operations["patchDomainsById"];
        trace?: never;
    };
    "/earnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A seller's market sales and payouts */
        get: operations["getEarnings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A domain's mailboxes and forwards */
        get: operations["getEmails"];
        put?: never;
        /** Add a mailbox or a forward */
        post: operations["postEmails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A mailbox's storage used */
        get: operations["getEmailsByIdUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forSale/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A listed name's For Sale page (`offer`: an accepted offer's link token) */
        get: operations["getForSaleByDomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mfas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The two-factor methods, filtered by status */
        get: operations["getMfas"];
        put?: never;
        /** Add a two-factor method */
        post: operations["postMfas"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's orders, newest first */
        get: operations["getOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An order as its buyer reads it */
        get: operations["getOrdersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/outboundTransfers/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A transfer away, by its approval link */
        get: operations["getOutboundTransfersByToken"];
        put?: never;
        /** Approve or cancel a transfer away */
        post: operations["postOutboundTransfersByToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The passkeys */
        get: operations["getPasskeys"];
        put?: never;
        /** Add a passkey from the browser’s answer */
        post: operations["postPasskeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paymentMethods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's (or the visitor's cart's) cards */
        get: operations["getPaymentMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paymentMethods/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which payments provider the card forms talk to */
        get: operations["getPaymentMethodsConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/priceRises": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Renewal price rises waiting for an answer */
        get: operations["getPriceRises"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recoveryCodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many recovery codes are left */
        get: operations["getRecoveryCodes"];
        put?: never;
        /** A new set of recovery codes, shown once */
        post: operations["postRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registeredNameservers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List registered nameservers */
        get: operations["getRegisteredNameservers"];
        put?: never;
        /** Add a registered nameserver */
        post: operations["postRegisteredNameservers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registrantVerifications/0": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's registrant verification */
        get: operations["getRegistrantVerifications0"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/renewals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List renewable domains */
        get: operations["getRenewals"];
        put?: never;
        /** Renew domains */
        post: operations["postRenewals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign out */
        get: operations["getSession"];
        put?: never;
        /** Sign in, one step at a time: a password, the chosen second factor, its code, a recovery code or a passkey; or ask for a reset link, or open one (`type: 'recovery'`) */
        post: operations["postSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The back office's token for an admin customer (none for anyone else) */
        get: operations["getSessionAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The proofs this holder can give to confirm it's them */
        get: operations["getSessionConfirm"];
        put?: never;
        /** Confirm it's you: a password, a code (mfaId opens the challenge, then mfaChallengeId with mfaToken) or a passkey */
        post: operations["postSessionConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/taxDisplay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How a consumer in a country is shown prices: VAT included, tax added at checkout, or none */
        get: operations["getTaxDisplay"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tlds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List extensions */
        get: operations["getTlds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tlds/{tld}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an extension */
        get: operations["getTldsByTld"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A month's billing history (`$pdf=true`: the statement as a PDF instead) */
        get: operations["getTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/0": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is signed in */
        get: operations["getUsers0"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the login email or password (a recovery session's new password answers as a sign-in does) */
        patch: operations["patchUsers0"];
        trace?: never;
    };
    "/websites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A domain's website settings and builder content */
        get: operations["getWebsitesById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Save the site builder's content */
        patch: operations["patchWebsitesById"];
        trace?: never;
    };
    "/whois/{domain}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A name's WHOIS record, after a solved bot check */
        get: operations["getWhoisByDomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set the first-action clock (with a reason); answers the figures */
        patch: operations["patchAdminAbuseSettings"];
        trace?: never;
    };
    "/admin/promoCodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a promo code: every term until its first use, then only its end date and caps */
        patch: operations["patchAdminPromoCodesById"];
        trace?: never;
    };
    "/admin/staff/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a member's role or status */
        patch: operations["patchAdminStaffById"];
        trace?: never;
    };
    "/cartItems/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change a cart item: its term, its services, its auth code, or remove it (status deleted) */
        patch: operations["patchCartItemsById"];
        trace?: never;
    };
    "/domainOffers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Accept or decline an offer */
        patch: operations["patchDomainOffersById"];
        trace?: never;
    };
    "/abuseReports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report abuse (as JSON, or as a multipart form with an evidence file) */
        post: operations["postAbuseReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/acknowledge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Acknowledge the reports */
        post: operations["postAdminAbuseCasesByIdAcknowledge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/ask-reporter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask the reporter for more */
        post: operations["postAdminAbuseCasesByIdAskReporter"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close the case with an outcome (the reporter and the registrant are told) */
        post: operations["postAdminAbuseCasesByIdClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lock the domain against transfer */
        post: operations["postAdminAbuseCasesByIdLock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/notify-registrant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the registrant our abuse notice, with a deadline to reply */
        post: operations["postAdminAbuseCasesByIdNotifyRegistrant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/remove-content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove the DNS records or the forwarding that carry the abuse */
        post: operations["postAdminAbuseCasesByIdRemoveContent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend the domain for abuse */
        post: operations["postAdminAbuseCasesByIdSuspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/abuse/cases/{id}/unsuspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lift the abuse suspension */
        post: operations["postAdminAbuseCasesByIdUnsuspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/credits/revocations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Take account credit back */
        post: operations["postAdminCreditsRevocations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close the account at the customer’s request */
        post: operations["postAdminCustomersByIdClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a staff note */
        post: operations["postAdminCustomersByIdNotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/resendApproval": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the registrant change approval email again */
        post: operations["postAdminCustomersByIdResendApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/resendRecovery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a password reset link */
        post: operations["postAdminCustomersByIdResendRecovery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/resendVerification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the registrant verification email again */
        post: operations["postAdminCustomersByIdResendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/resetFactors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reset two-step verification (the customer adds a new factor at next sign-in) */
        post: operations["postAdminCustomersByIdResetFactors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/revokeApiTokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke one API token, or every live one when none is named */
        post: operations["postAdminCustomersByIdRevokeApiTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/revokeSessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign the customer out everywhere */
        post: operations["postAdminCustomersByIdRevokeSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/customers/{id}/viewAs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open the customer's control panel read-only in this browser (a short customer session marked as staff's) */
        post: operations["postAdminCustomersByIdViewAs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/dashboard/jobs/{name}/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a failed background job back in its queue */
        post: operations["postAdminDashboardJobsByNameByIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/courtesyRenew": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Renew the domain at our cost */
        post: operations["postAdminDomainsByIdCourtesyRenew"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the domain at the registry (refunded within the add grace period) */
        post: operations["postAdminDomainsByIdDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/lock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lock or unlock the domain against transfer */
        post: operations["postAdminDomainsByIdLock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move the domain to another account (with its transfer hold) */
        post: operations["postAdminDomainsByIdMove"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a domain in redemption */
        post: operations["postAdminDomainsByIdRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Suspend the domain: the registry holds it and our DNS stops answering */
        post: operations["postAdminDomainsByIdSuspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/domains/{id}/unsuspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Lift staff's suspension (another may still hold the domain) */
        post: operations["postAdminDomainsByIdUnsuspend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/enrolment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the name and password through the link; a second factor comes next */
        post: operations["postAdminEnrolment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/enrolment/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whom an enrolment link enrols */
        post: operations["postAdminEnrolmentCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/escrow/deposits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a deposit now */
        post: operations["postAdminEscrowDeposits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/failedRenewals/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a failed auto-renewal now */
        post: operations["postAdminFailedRenewalsByIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/orders/{id}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund an order's charges (201; a repeated request answers the first refund with 200) */
        post: operations["postAdminOrdersByIdRefunds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/payments/{paymentIntentId}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund a payment's charges (201; a repeated request answers the first refund with 200) */
        post: operations["postAdminPaymentsByPaymentIntentIdRefunds"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/pricing/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The prices a rule would change (refused when it would sell below cost) */
        post: operations["postAdminPricingPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/pricing/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a rule (audited); customers whose renewal price rose are told */
        post: operations["postAdminPricingRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/pricing/sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sync the wholesale costs now (audited); customers whose renewal price rose are told */
        post: operations["postAdminPricingSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/promoCodes/{id}/expire": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a promo code now */
        post: operations["postAdminPromoCodesByIdExpire"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/registries/{name}/pause": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pause a connection (with a reason) */
        post: operations["postAdminRegistriesByNamePause"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/registries/{name}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a paused connection */
        post: operations["postAdminRegistriesByNameResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The authenticator app's code */
        post: operations["postAdminSessionCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/emailCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a code: with the password it stands in for a lost app, or proves it is the member before a factor changes */
        post: operations["postAdminSessionEmailCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/emailCode/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The emailed code at the second-factor step: opens a session that may only add a second factor */
        post: operations["postAdminSessionEmailCodeVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/passkey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The browser's passkey answer */
        post: operations["postAdminSessionPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/passkeyOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for the browser to sign in with a passkey */
        post: operations["postAdminSessionPasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/passkeyRegistrationOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for the browser to create a passkey (no body at enrolment; a signed-in member sends a proof) */
        post: operations["postAdminSessionPasskeyRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a passkey from the browser’s answer */
        post: operations["postAdminSessionPasskeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new authenticator secret to scan */
        post: operations["postAdminSessionTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/session/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the new app with its first code (replacing one also takes a proof: the current app's code, or the password and an emailed code) */
        post: operations["postAdminSessionTotpConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/staff/{id}/resendInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the invitation again, with a new link */
        post: operations["postAdminStaffByIdResendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/staff/{id}/resetFactors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reset a member's sign-in: password and second factors removed, a new enrolment link emailed */
        post: operations["postAdminStaffByIdResetFactors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/verifications/{id}/mark-verified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a registrant verified by other means (the evidence and a reason go in the audit log) */
        post: operations["postAdminVerificationsByIdMarkVerified"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/verifications/{id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the verification email again */
        post: operations["postAdminVerificationsByIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/cartItems": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add one item (answered as one) or several (answered as a list) to the visitor's cart */
        post: operations["postCartItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsChanges/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put a zone back as it was at a version */
        post: operations["postDnsChangesRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsRecordDeletions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete several records of a domain at once */
        post: operations["postDnsRecordDeletions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsTemplates/{id}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a template's records */
        post: operations["postDnsTemplatesByIdApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsTemplates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What a template would add to a domain's zone, and what is in its way */
        post: operations["postDnsTemplatesByIdPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsZoneFiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import a zone file */
        post: operations["postDnsZoneFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/dnsZoneFiles/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What importing a zone file would change */
        post: operations["postDnsZoneFilesPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/domainTransferCheck": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether each name can be transferred in, at what price, after a solved bot check */
        post: operations["postDomainTransferCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/emails/{id}/instructions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a mailbox's set-up instructions */
        post: operations["postEmailsByIdInstructions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/forSale/{domain}/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make an offer on a listed name */
        post: operations["postForSaleByDomainOffers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mfas/{id}/codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a new code to a method being added */
        post: operations["postMfasByIdCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/passkeys/registrationOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for the browser to create a passkey */
        post: operations["postPasskeysRegistrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paymentMethods/sandboxAuthenticate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox's test authentication dialog answering */
        post: operations["postPaymentMethodsSandboxAuthenticate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paymentMethods/sandboxCard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox's stand-in for Stripe.js creating a card */
        post: operations["postPaymentMethodsSandboxCard"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/paymentMethods/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a card for later charges (may ask the buyer to authenticate) */
        post: operations["postPaymentMethodsSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/priceRises/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept a price rise: auto-renew is on again */
        post: operations["postPriceRisesByIdAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registrantVerifications/0/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send the verification email again */
        post: operations["postRegistrantVerifications0Resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/registrantVerifications/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The emailed verification link's token */
        post: operations["postRegistrantVerificationsVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/session/passkeyOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Options for the browser to sign in or confirm with a passkey */
        post: operations["postSessionPasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tdrpApprovals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The registrant approves a pending account change from the emailed link */
        post: operations["postTdrpApprovals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a new login email or password while typing, or send or check the checkout phone code */
        post: operations["postValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/viewAs/pageViews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A page of the control panel a staff member opened in a view-as session, recorded in the audit log */
        post: operations["postViewAsPageViews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        SecondFactorDelete: {
            password?: string;
        };
        AccountUpdate: {
            registrantContact?: {
                firstName: string;
                lastName: string;
                /** @default  */
                company?: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            };
            whoisAdminContact?: {
                firstName: string;
                lastName: string;
                /** @default  */
                company?: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            };
            whoisTechContact?: {
                firstName: string;
                lastName: string;
                /** @default  */
                company?: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            };
            whoisBillingContact?: {
                firstName: string;
                lastName: string;
                /** @default  */
                company?: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            };
            whoisRedactionOptOut?: boolean;
            tdrpOptOut?: boolean;
            advancedEnabled?: boolean;
            vatNumber?: string | null;
        };
        AbuseSettings: {
            firstActionHours: number;
            reason: string;
        };
        CustomerEdit: {
            /** Format: email */
            email?: string;
            whoisAdminContact?: {
                firstName: string;
                lastName: string;
                /** @default  */
                company?: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            };
            whoisTechContact?: {
                firstName: string;
                lastName: string;
                /** @default  */
                company?: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            };
            whoisBillingContact?: {
                firstName: string;
                lastName: string;
                /** @default  */
                company?: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            };
            reason: string;
        };
        PromoCodeEdit: {
            /** @enum {string} */
            kind?: "percent" | "amount";
            value?: number;
            tlds?: string[];
            /** @enum {string} */
            years?: "first" | "every";
            /** Format: date-time */
            startDate?: string;
            endDate?: string | null;
            maxRedemptions?: number | null;
            maxPerCustomer?: number | null;
            reason?: string;
        };
        StaffUpdate: {
            /** @enum {string} */
            role?: "owner" | "support" | "billing" | "compliance" | "viewer";
            /** @enum {string} */
            status?: "active" | "disabled";
            reason?: string;
        };
        CartItemPatch: {
            cartItemId?: number;
            years?: number;
            protectionEnabled?: boolean;
            emailEnabled?: boolean;
            hostingEnabled?: boolean;
            authCode?: string | null;
            /** @enum {string} */
            status?: "active" | "deleted";
        };
        CartPatch: {
            cartId?: number;
            contact?: {
                firstName?: string;
                lastName?: string;
                company?: string;
                address?: string;
                city?: string;
                state?: string;
                zip?: string;
                country?: string;
                email?: string;
                phone?: string;
                statedSource?: string;
                vatNumber?: string;
                /** @enum {string} */
                vatStatus?: "confirmed" | "unavailable";
                password?: string;
                code?: string;
            };
            paymentMethodId?: number;
            commit?: boolean;
            paymentIntentId?: string;
            promoCode?: string | null;
            $redirectHost?: string;
            a?: {
                referrer?: string | null;
                landing?: string | null;
                statedSource?: string | null;
                paymentIntentId?: string | null;
            };
        };
        DnsRecordUpdate: {
            host?: string;
            data?: string;
            priority?: number | null;
            weight?: number | null;
            port?: number | null;
            ttl?: number | null;
            dnsRecordId?: number;
        };
        OfferAnswer: {
            /** @enum {string} */
            action: "accept" | "decline";
        };
        DomainUpdate: {
            autoRenewEnabled?: boolean;
            protectionEnabled?: boolean;
            $paymentIntentId?: string;
            locked?: boolean;
            /** @constant */
            $generateNewAuthCode?: true;
            /** @constant */
            $rejectOutboundTransfer?: true;
            /** @constant */
            $resendOutboundTransferApprovalEmail?: true;
            $restartInboundTransfer?: string;
            privacyEnabled?: boolean;
            forSale?: boolean;
            listPrice?: number;
            floorPrice?: number;
            acceptOffers?: boolean;
            forSalePage?: boolean;
            ns?: string[];
            /** @description The DS records to publish at the registry, replacing the current set (at most 8; [] turns DNSSEC off). */
            dsRecords?: {
                keyTag: number;
                algorithm: number;
                digestType: number;
                digest: string;
            }[];
            /** @enum {string} */
            websiteType?: "builder" | "forward" | "park" | "custom";
            /** @enum {string} */
            parkType?: "blank" | "default";
            forwardUrl?: string;
            forwardKeepPath?: boolean;
            forwardPermanent?: boolean;
            builderEnabled?: boolean;
            emailEnabled?: boolean;
        };
        EmailUpdate: {
            /** @constant */
            type: "forward";
            destination: string;
        } | {
            /** @constant */
            type: "mailbox";
            password: string;
        } | {
            destination: string;
        } | {
            password: string;
        };
        MfaVerify: {
            token: string;
            /** @constant */
            status: "active";
        };
        PasskeyRename: {
            name: string;
        };
        PaymentMethodPatch: {
            /** @constant */
            isDefault: true;
        };
        RegisteredNameserverUpdate: {
            id?: number;
            hostname?: string;
            ipAddress?: string;
        };
        LoginUpdate: {
            email?: string;
            password?: string;
            currentPassword?: string;
        };
        SiteContentUpdate: {
            headline: string;
            text: string;
            accentColor: string;
            backgroundColor: string;
        };
        AbuseReport: {
            domain: string;
            /** @enum {string} */
            category: "phishing" | "malware" | "botnet" | "pharming" | "spam" | "law-enforcement" | "other";
            description: string;
            evidenceLinks?: string;
            /** Format: email */
            reporterEmail: string;
            token: string;
            agency?: string;
            officer?: string;
            jurisdiction?: string;
            officerContact?: string;
        };
        AskReporter: {
            message: string;
            reason: string;
        };
        CloseAbuseCase: {
            /** @enum {string} */
            outcome: "mitigated" | "no-action" | "referred";
            /** @default  */
            note?: string;
            reason: string;
        };
        AbuseCaseReason: {
            reason: string;
        };
        NotifyRegistrant: {
            message?: string;
            /** @default 2 */
            replyDays?: number;
            reason: string;
        };
        RemoveAbusiveContent: {
            /** @default [] */
            dnsRecordIds?: number[];
            /** @default false */
            forwarding?: boolean;
            reason: string;
        };
        CreditGrant: {
            accountId: number;
            amount: number;
            note: string;
            reason: string;
        };
        CreditRevoke: {
            accountId: number;
            amount: number;
            note: string;
            reason: string;
        };
        CustomerClose: {
            reason: string;
        };
        CustomerNote: {
            body: string;
        };
        ResetFactors: {
            reason: string;
        };
        RevokeApiTokens: {
            apiTokenId?: number;
        };
        ViewAs: {
            reason: string;
        };
        CourtesyRenew: {
            years: number;
            reason: string;
        };
        DomainDelete: {
            reason: string;
        };
        DomainLock: {
            locked: boolean;
            reason?: string;
        };
        DomainMove: {
            toEmail: string;
            reason: string;
        };
        DomainRestore: {
            reason: string;
        };
        DomainSuspend: {
            reason: string;
        };
        StaffEnrol: {
            token: string;
            name: string;
            password: string;
        };
        StaffEnrolmentToken: {
            token: string;
        };
        EscrowDepositNow: {
            /** @enum {string} */
            kind?: "full" | "inc";
            reason?: string;
        };
        RefundRequest: {
            items: {
                transactionId: number;
                amount: number;
            }[];
            reason: string;
            customerNote?: string | null;
            /**
             * @default original
             * @enum {string}
             */
            to?: "original" | "credit";
            /** @default [] */
            names?: {
                domainId: number;
                /** @enum {string} */
                action: "cancel" | "delete" | "keep";
            }[];
            idempotencyKey: string;
        };
        PayoutRequest: {
            accountIds: number[];
            /** @enum {string} */
            method: "provider" | "manual";
            reference?: string;
            destination?: string;
            idempotencyKey: string;
        };
        PricingRuleInput: {
            tld: string;
            /** @default 0 */
            marginPercent?: number;
            /** @default 0 */
            marginFixedCents?: number;
            /**
             * @default none
             * @enum {string}
             */
            rounding?: "99" | "none" | "whole";
            /** @default 0 */
            floorMarginCents?: number;
            reason?: string;
        };
        PromoCodeCreate: {
            code: string;
            /** @enum {string} */
            kind: "percent" | "amount";
            value: number;
            tlds?: string[];
            /** @enum {string} */
            years: "first" | "every";
            /** Format: date-time */
            startDate?: string;
            endDate?: string | null;
            maxRedemptions?: number | null;
            maxPerCustomer?: number | null;
            reason?: string;
        };
        PromoCodeExpire: {
            reason?: string;
        };
        RegistryPause: {
            reason: string;
        };
        StaffSignIn: {
            email: string;
            password: string;
            recaptchaToken?: string;
        };
        StaffCode: {
            code: string;
        };
        StaffEmailCode: {
            emailCode: string;
        };
        StaffPasskeyAnswer: {
            passkey: {
                id: string;
                response: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
            name?: string;
        };
        StaffPasskeyOptions: {
            currentCode?: string;
            password?: string;
            emailCode?: string;
        };
        StaffTotpConfirm: {
            code: string;
            currentCode?: string;
            password?: string;
            emailCode?: string;
        };
        StaffInvite: {
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "support" | "billing" | "compliance" | "viewer";
        };
        StaffResetFactors: {
            reason: string;
        };
        MarkVerified: {
            evidence: string;
            reason: string;
        };
        ApiTokenCreate: {
            name: string;
            scopes: ("domains:read" | "dns:write" | "nameservers:write" | "renewals:write" | "search")[];
            expireDate?: (string) | null;
            /** @default [] */
            allowedIps?: string[];
            secondFactor?: {
                mfaId: number;
                mfaChallengeId: number;
                mfaToken: string;
            } | {
                passkey: {
                    id: string;
                    rawId: string;
                    /** @constant */
                    type: "public-key";
                    response: {
                        clientDataJSON: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @default {} */
                    clientExtensionResults?: {
                        [key: string]: unknown;
                    };
                    authenticatorAttachment?: string;
                };
            };
        };
        AddCartItems: {
            cartId?: number;
            /**
             * @default domain
             * @constant
             */
            type?: "domain";
            domain: string;
            price?: number;
            /**
             * @default new
             * @enum {string}
             */
            domainType?: "new" | "transfer" | "premium" | "market";
            authCode?: string | null;
            years?: number;
            offerToken?: string;
        } | {
            cartId?: number;
            /**
             * @default domain
             * @constant
             */
            type?: "domain";
            domain: string;
            price?: number;
            /**
             * @default new
             * @enum {string}
             */
            domainType?: "new" | "transfer" | "premium" | "market";
            authCode?: string | null;
            years?: number;
            offerToken?: string;
        }[];
        ZoneRestore: {
            domainId: number;
            changeId: number;
        };
        DnsRecordDeletion: {
            domainId: number;
            dnsRecordIds: number[];
        };
        DnsRecordCreate: {
            domainId: number;
            /** @enum {string} */
            type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
            host?: string;
            data: string;
            priority?: number | null;
            weight?: number | null;
            port?: number | null;
            ttl?: number | null;
        };
        DnsTemplateApply: {
            domainId: number;
            /** @default false */
            removeConflicts?: boolean;
        };
        DnsTemplatePreviewRequest: {
            domainId: number;
        };
        ZoneImport: {
            domainId: number;
            text: string;
            /**
             * @default merge
             * @enum {string}
             */
            mode?: "merge" | "replace";
        };
        TransferCheck: {
            domains: string[];
        };
        EmailCreate: {
            /** @constant */
            type: "mailbox";
            domainId: number;
            address: string;
            password: string;
            destination?: null;
        } | {
            /** @constant */
            type: "forward";
            domainId: number;
            address: string;
            destination: string;
            password?: null;
        };
        SendInstructions: {
            email: string;
        };
        Offer: {
            amount: number;
            name: string;
            /** Format: email */
            email: string;
            message?: string;
            token: string;
        };
        MfaAdd: {
            /** @constant */
            type: "totp";
            data?: string;
        } | {
            /** @constant */
            type: "sms";
            data: string;
        } | {
            /** @constant */
            type: "email";
            data: string;
        };
        OutboundAnswer: {
            /** @enum {string} */
            action: "approve" | "cancel";
        };
        PasskeyRegister: {
            name: string;
            response: {
                id: string;
                rawId: string;
                /** @constant */
                type: "public-key";
                response: {
                    clientDataJSON: string;
                } & {
                    [key: string]: unknown;
                };
                /** @default {} */
                clientExtensionResults?: {
                    [key: string]: unknown;
                };
                authenticatorAttachment?: string;
            };
        };
        SandboxAuthentication: {
            intentId: string;
            /** @enum {string} */
            outcome: "complete" | "fail";
        };
        SandboxCard: {
            number: string;
            expMonth: number;
            expYear: number;
            cvc: string;
        };
        CardSetup: {
            /**
             * @default card
             * @constant
             */
            type?: "card";
            stripePaymentMethodId: string;
            stripeSetupIntentId?: string;
            recaptchaToken?: string;
        };
        RegisteredNameserverCreate: {
            domainId: number;
            hostname: string;
            ipAddress: string;
        };
        VerifyRegistrant: {
            token: string;
        };
        RenewRequest: {
            /** @default 1 */
            renewalPeriod?: number;
            domains: {
                domainId: number;
                /** @default false */
                protectionEnabled?: boolean;
            }[];
            /** @default false */
            commit?: boolean;
            orderKey?: string;
            paymentIntentId?: string;
        };
        SignInStep: {
            [key: string]: unknown;
        };
        ConfirmRequest: {
            [key: string]: unknown;
        };
        PasskeyOptionsRequest: {
            /**
             * @default sign-in
             * @enum {string}
             */
            purpose?: "sign-in" | "confirm";
        };
        TdrpApproval: {
            token: string;
        };
        ValidateRequest: {
            cartId: number;
            phone: string;
            code: string;
        } | {
            cartId: number;
            phone: string;
            recaptchaToken?: string;
        } | {
            email: string;
            recaptchaToken?: string;
        } | {
            password: string;
        };
        ViewAsPageView: {
            /** Format: starts_with */
            path: string;
        };
        Error: {
            name: string;
            message: string;
            code: number;
            data?: unknown;
            redirect?: string;
        };
        StaffSignedOut: {
            /** @constant */
            success: true;
        };
        Revoked: {
            /** @constant */
            success: true;
        };
        DnsRecordDeleted: {
            dnsRecordId: number;
        };
        DomainEmail: {
            emailId: number;
            domainId: number;
            address: string;
            /** @enum {string} */
            type: "mailbox" | "forward";
            destination: string | null;
            size: number;
            quota: number;
            /** @enum {string} */
            status: "active" | "deleted";
            /** Format: date-time */
            createDate: string;
        };
        Removed: {
            /** @constant */
            success: true;
        };
        PaymentMethod: {
            paymentMethodId: number;
            description: string;
            brand: string;
            last4: string;
            expMonth: number;
            expYear: number;
            isDefault: boolean;
            /** @enum {string} */
            status: "pending" | "active" | "deleted";
            /** Format: date-time */
            createDate: string;
        };
        RegisteredNameserverDeleted: {
            id: number;
        };
        AccountActivityList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                activityId: number;
                at: string;
                /** @enum {string} */
                source: "staff" | "customer" | "system";
                kind: string;
                summary: string;
                actor: string | null;
                reason: string | null;
                ip: string | null;
                userAgent: string | null;
            }[];
        };
        Account: {
            accountId: number;
            /** Format: date-time */
            createDate: string;
            /** Format: date-time */
            modifyDate: string;
            registrantContact: {
                firstName: string;
                lastName: string;
                /** @default  */
                company: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            } | null;
            whoisAdminContact: {
                firstName: string;
                lastName: string;
                /** @default  */
                company: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            } | null;
            whoisTechContact: {
                firstName: string;
                lastName: string;
                /** @default  */
                company: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            } | null;
            whoisBillingContact: {
                firstName: string;
                lastName: string;
                /** @default  */
                company: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            } | null;
            whoisRedactionOptOut: boolean;
            tdrpOptOut: boolean;
            advancedEnabled: boolean;
            vatNumber: string | null;
            vatStatus: ("confirmed" | "invalid" | "unavailable") | null;
            $pendingChanges: boolean;
            recurringBillDate: string | null;
            recurringBillAmount: number;
            autoRenewDate: string | null;
            autoRenewAmount: number;
            autoPayDescription: string | null;
            chargeTax?: {
                rate: number;
                note: string;
                /** @enum {string} */
                display: "included" | "added" | "none";
            } | null;
        };
        AbuseCaseList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                caseId: number;
                caseNumber: string;
                domain: string;
                /** @enum {string} */
                category: "phishing" | "malware" | "botnet" | "pharming" | "spam" | "law-enforcement" | "other";
                /** @enum {string} */
                status: "open" | "closed";
                reports: number;
                createDate: string;
                acknowledgedAt: string | null;
                acknowledgedBy: string | null;
                firstActionAt: string | null;
                closedAt: string | null;
                outcome: ("mitigated" | "no-action" | "referred") | null;
                acknowledgeBy: string;
                firstActionBy: string;
                acknowledgeOverdue: boolean;
                firstActionOverdue: boolean;
            }[];
        };
        AbuseCaseDetail: {
            caseId: number;
            caseNumber: string;
            domain: string;
            /** @enum {string} */
            category: "phishing" | "malware" | "botnet" | "pharming" | "spam" | "law-enforcement" | "other";
            /** @enum {string} */
            status: "open" | "closed";
            reports: number;
            createDate: string;
            acknowledgedAt: string | null;
            acknowledgedBy: string | null;
            firstActionAt: string | null;
            closedAt: string | null;
            outcome: ("mitigated" | "no-action" | "referred") | null;
            acknowledgeBy: string;
            firstActionBy: string;
            acknowledgeOverdue: boolean;
            firstActionOverdue: boolean;
            outcomeNote: string | null;
            registrantReplyBy: string | null;
            sponsored: {
                domainId: number;
                status: string;
                locked: boolean;
                suspendedAt: string | null;
                suspensionReason: string | null;
                websiteType: string;
                forwardUrl: string | null;
                dnsRecords: {
                    dnsRecordId: number;
                    type: string;
                    host: string;
                    data: string;
                }[];
            } | null;
            reportList: {
                reportId: number;
                /** @enum {string} */
                source: "web" | "email";
                /** @enum {string} */
                category: "phishing" | "malware" | "botnet" | "pharming" | "spam" | "law-enforcement" | "other";
                reporterEmail: string;
                description: string;
                evidenceLinks: string[];
                lawEnforcement: {
                    agency: string;
                    officer: string;
                    jurisdiction: string;
                    contact: string;
                } | null;
                evidenceFile: {
                    name: string;
                    type: string;
                    bytes: number;
                } | null;
                createDate: string;
                acknowledgedAt: string | null;
            }[];
            timeline: {
                eventId: number;
                kind: string;
                actor: string;
                reason: string | null;
                detail: {
                    [key: string]: unknown;
                } | null;
                createDate: string;
            }[];
        };
        AbuseFigures: {
            days: number;
            cases: number;
            open: number;
            overdue: number;
            medianHoursToAcknowledge: number | null;
            medianHoursToFirstAction: number | null;
            medianHoursToClose: number | null;
            byCategory: {
                /** @enum {string} */
                category: "phishing" | "malware" | "botnet" | "pharming" | "spam" | "law-enforcement" | "other";
                cases: number;
            }[];
            byOutcome: {
                /** @enum {string} */
                outcome: "mitigated" | "no-action" | "referred";
                cases: number;
            }[];
            firstActionHours: number;
        };
        AuditEntryList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                auditId: number;
                at: string;
                staffId: number | null;
                staffEmail: string | null;
                staffRole: string | null;
                clientIp: string | null;
                action: string;
                targetType: string;
                targetId: string | null;
                targetLabel: string | null;
                accountId: number | null;
                before: unknown;
                after: unknown;
                reason: string | null;
                prevHash: string | null;
                hash: string | null;
            }[];
        };
        CreditAnswer: {
            accountId: number;
            email: string | null;
            balance: number;
            entries: {
                accountCreditId: number;
                /** @enum {string} */
                kind: "grant" | "spend" | "revoke";
                amount: number;
                note: string | null;
                cartId: number | null;
                createDate: string;
            }[];
        };
        CustomerHitList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                accountId: number;
                email: string;
                name: string | null;
                company: string | null;
                phone: string | null;
                domains: number;
                createDate: string;
                /** @enum {string} */
                matchedOn: "account" | "email" | "name" | "phone" | "domain" | "order" | "transaction" | "payment";
                matched: string;
            }[];
        };
        CustomerRecord: {
            accountId: number;
            userId: number;
            email: string;
            createDate: string;
            isDemo: boolean;
            closedAt: string | null;
            mfaEnrolmentRequired: boolean;
            pendingChanges: boolean;
            tdrpOptOut: boolean;
            registrantVerification: components["schemas"]["VerificationStatus"];
            contacts: {
                registrant: {
                    firstName: string;
                    lastName: string;
                    /** @default  */
                    company: string;
                    address: string;
                    city: string;
                    state: string;
                    zip: string;
                    country: string;
                    /** Format: email */
                    email: string;
                    phone: string;
                } | null;
                administrative: {
                    firstName: string;
                    lastName: string;
                    /** @default  */
                    company: string;
                    address: string;
                    city: string;
                    state: string;
                    zip: string;
                    country: string;
                    /** Format: email */
                    email: string;
                    phone: string;
                } | null;
                technical: {
                    firstName: string;
                    lastName: string;
                    /** @default  */
                    company: string;
                    address: string;
                    city: string;
                    state: string;
                    zip: string;
                    country: string;
                    /** Format: email */
                    email: string;
                    phone: string;
                } | null;
                billing: {
                    firstName: string;
                    lastName: string;
                    /** @default  */
                    company: string;
                    address: string;
                    city: string;
                    state: string;
                    zip: string;
                    country: string;
                    /** Format: email */
                    email: string;
                    phone: string;
                } | null;
            };
            domains: {
                domainId: number;
                domain: string;
                status: string;
                expireDate: string;
                locked: boolean;
                autoRenewEnabled: boolean;
                suspendedAt: string | null;
                suspensionReason: string | null;
                accountId: number;
                ownerEmail: string;
            }[];
            orders: {
                orderId: number;
                status: string;
                totalPrice: number;
                createDate: string;
            }[];
            transactions: {
                transactionId: number;
                type: string;
                description: string;
                amount: number;
                date: string;
            }[];
            paymentMethods: {
                paymentMethodId: number;
                brand: string;
                last4: string;
                expMonth: number;
                expYear: number;
                isDefault: boolean;
                status: string;
            }[];
            secondFactors: {
                mfaId: number;
                type: string;
                description: string;
                status: string;
                createDate: string;
            }[];
            passkeys: {
                passkeyId: number;
                name: string;
                createDate: string;
                lastUsedDate: string | null;
            }[];
            sessions: {
                sessionId: number;
                createDate: string;
                expireDate: string;
                ip: string | null;
                userAgent: string | null;
            }[];
            apiTokens: {
                apiTokenId: number;
                name: string;
                scopes: string[];
                createDate: string;
                lastUsedDate: string | null;
                lastUsedIp: string | null;
                expireDate: string | null;
            }[];
            notes: components["schemas"]["CustomerNoteView"][];
            audit: {
                auditId: number;
                at: string;
                staffId: number | null;
                staffEmail: string | null;
                staffRole: string | null;
                clientIp: string | null;
                action: string;
                targetType: string;
                targetId: string | null;
                targetLabel: string | null;
                accountId: number | null;
                before: unknown;
                after: unknown;
                reason: string | null;
                prevHash: string | null;
                hash: string | null;
            }[];
        };
        Dashboard: {
            asOf: string;
            registrations: {
                today: number;
                last7Days: number;
                last30Days: number;
            };
            transfers: {
                today: number;
                last7Days: number;
                last30Days: number;
            };
            renewals: {
                today: number;
                last7Days: number;
                last30Days: number;
            };
            revenue: {
                today: number;
                last7Days: number;
                last30Days: number;
            };
            refunds: {
                today: number;
                last7Days: number;
                last30Days: number;
            };
            failedCharges: {
                last7Days: number;
                recent: {
                    /** @enum {string} */
                    kind: "order" | "renewal" | "auto-renewal" | "monthly-bill";
                    id: number;
                    accountId: number | null;
                    amount: number;
                    reason: string | null;
                    date: string;
                }[];
            };
            pendingTransfers: {
                inbound: number;
                awaitingAuthCode: number;
                outbound: number;
            };
            jobs: {
                queues: {
                    name: string;
                    ready: number;
                    deferred: number;
                    active: number;
                    failed: number;
                }[];
                failedJobs: {
                    id: string;
                    name: string;
                    retryCount: number;
                    failedOn: string | null;
                    error: string | null;
                }[];
                schedules: {
                    name: string;
                    cron: string;
                    lastRun: {
                        /** @enum {string} */
                        state: "completed" | "failed";
                        startedOn: string | null;
                        completedOn: string | null;
                    } | null;
                }[];
            };
            openAbuseCases: number;
            overdueAbuseCases: number;
            escrowProblem: {
                /** @enum {string} */
                kind: "failed" | "missing" | "not-configured";
                message: string;
            } | null;
        };
        StaffDomainRowList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                domainId: number;
                domain: string;
                status: string;
                expireDate: string;
                locked: boolean;
                autoRenewEnabled: boolean;
                suspendedAt: string | null;
                suspensionReason: string | null;
                accountId: number;
                ownerEmail: string;
            }[];
        };
        StaffDomainRecord: {
            domainId: number;
            domain: string;
            status: string;
            expireDate: string;
            locked: boolean;
            autoRenewEnabled: boolean;
            suspendedAt: string | null;
            suspensionReason: string | null;
            accountId: number;
            ownerEmail: string;
            createDate: string;
            nameservers: string[];
            privacyEnabled: boolean;
            tdrpHoldDate: string | null;
            redemptionPeriodStartDate: string | null;
            outboundTransferStatus: string | null;
            authCodeExpireDate: string | null;
            suspensions: {
                suspensionId: number;
                kind: string;
                reason: string;
                reference: string | null;
                createDate: string;
                liftDate: string | null;
            }[];
            registry: {
                /** @constant */
                ok: true;
                record: {
                    registrarName: string;
                    ours: boolean;
                    locked: boolean;
                    createDate: string;
                    expireDate: string;
                    nameservers: string[];
                    statuses: string[];
                } | null;
            } | {
                /** @constant */
                ok: false;
                error: string;
            };
            renewPrice: number | null;
            audit: {
                auditId: number;
                at: string;
                staffId: number | null;
                staffEmail: string | null;
                staffRole: string | null;
                clientIp: string | null;
                action: string;
                targetType: string;
                targetId: string | null;
                targetLabel: string | null;
                accountId: number | null;
                before: unknown;
                after: unknown;
                reason: string | null;
                prevHash: string | null;
                hash: string | null;
            }[];
        };
        DomainDeletionTerms: {
            domain: string;
            canDelete: boolean;
            blocked: string | null;
            graceEndDate: string | null;
            refund: {
                amount: number;
                description: string;
            } | null;
        };
        DomainTimeline: {
            data: {
                at: string;
                /** @enum {string} */
                source: "staff" | "customer" | "registry" | "system";
                actor: string;
                summary: string;
                reason: string | null;
            }[];
        };
        EscrowScreen: {
            deposits: {
                depositId: number;
                /** @enum {string} */
                kind: "full" | "inc";
                day: string;
                sequence: number;
                /** @enum {string} */
                trigger: "schedule" | "manual";
                /** @enum {string} */
                status: "started" | "done" | "failed";
                createDate: string;
                finishDate: string | null;
                rows: number;
                deletions: number;
                bytes: number;
                files: string[];
                /** @enum {string} */
                destination: "directory" | "sftp";
                result: string;
            }[];
            nextRun: string;
            problem: {
                /** @enum {string} */
                kind: "failed" | "missing" | "not-configured";
                message: string;
            } | null;
            configured: boolean;
        };
        FailedAutoRenewalList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                renewalOrderId: number;
                accountId: number;
                email: string | null;
                domainId: number;
                domain: string;
                expireDate: string;
                amount: number;
                attempts: number;
                /** @enum {string} */
                status: "retrying" | "failed";
                lastError: string | null;
                nextAttemptDate: string | null;
                isRenewable: boolean;
                modifyDate: string;
            }[];
        };
        OrderList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                orderId: number;
                accountId: number | null;
                email: string | null;
                status: string;
                totalPrice: number;
                paymentIntentId: string | null;
                createDate: string;
                domains: string[];
                refunded: number;
            }[];
            lineCount?: number;
        };
        OrderDetail: {
            orderId: number;
            accountId: number | null;
            email: string | null;
            status: string;
            totalPrice: number;
            paymentIntentId: string | null;
            promoCode: string | null;
            error: string | null;
            /** @enum {string} */
            refundStatus: "none" | "partlyRefunded" | "refunded";
            createDate: string;
            lines: {
                orderLineId: number;
                domain: string;
                /** @enum {string} */
                kind: "registration" | "transfer" | "market";
                state: string;
                price: number;
                protectionPrice: number;
                monthlyPrice: number;
                discount: number;
                credit: number;
                totalPrice: number;
                domainId: number | null;
                error: string | null;
                refundState: ("refunded" | "cancelled") | null;
                graceDaysLeft: number | null;
            }[];
            payment: components["schemas"]["PaymentDetail"] | null;
        };
        AccountPaymentList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                paymentIntentId: string;
                description: string;
                amount: number;
                refunded: number;
                date: string;
            }[];
        };
        PaymentDetail: {
            paymentIntentId: string;
            accountId: number;
            orderId: number | null;
            paid: number;
            refunded: number;
            creditPaid: number;
            creditReturned: number;
            refundable: number;
            charges: {
                transactionId: number;
                /** @enum {string} */
                type: "start" | "setup" | "lnp" | "nrc" | "mrc" | "usage" | "user" | "transfer" | "other" | "tax" | "credit" | "payment" | "payout" | "balance";
                domainId: number | null;
                description: string;
                amount: number;
                refundable: number;
                name: {
                    graceDaysLeft: number | null;
                } | null;
                orderId: number | null;
                taxRate: number | null;
            }[];
            refunds: {
                refundId: number;
                paymentIntentId: string;
                orderId: number | null;
                amount: number;
                status: string;
                creditAmount: number;
                names: {
                    domainId: number;
                    domain: string;
                    /** @enum {string} */
                    action: "cancel" | "delete" | "keep";
                    done: boolean;
                    years?: {
                        count: number;
                        /** @enum {string} */
                        state: "pending" | "sending" | "done" | "refused" | "unsupported";
                        expireDate: string;
                        note?: string;
                        leaseUntil?: string;
                    };
                }[];
                items: {
                    transactionId: number;
                    amount: number;
                    description: string;
                }[];
                reason: string;
                staffId: number | null;
                createDate: string;
            }[];
        };
        PayoutsScreen: {
            sellers: {
                accountId: number;
                email: string | null;
                share: number;
                paidOut: number;
                balance: number;
            }[];
            payouts: {
                sellerPayoutId: number;
                accountId: number;
                amount: number;
                /** @enum {string} */
                method: "provider" | "manual";
                /** @enum {string} */
                status: "claimed" | "paid";
                reference: string | null;
                createDate: string;
            }[];
        };
        PricingTable: {
            rows: {
                tld: string;
                cost: {
                    register?: number;
                    renew?: number;
                    transfer?: number;
                    restore?: number;
                };
                rule: {
                    tld: string;
                    marginBasisPoints: number;
                    marginFixedCents: number;
                    /** @enum {string} */
                    rounding: "99" | "none" | "whole";
                    floorMarginCents: number;
                    modifyDate: string;
                } | null;
                retail: {
                    register: number;
                    renew: number;
                    transfer: number;
                    restore: number;
                };
            }[];
            rules: {
                tld: string;
                marginBasisPoints: number;
                marginFixedCents: number;
                /** @enum {string} */
                rounding: "99" | "none" | "whole";
                floorMarginCents: number;
                modifyDate: string;
            }[];
            pauseAbovePercent: number;
        };
        PromoCodeList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["PromoCode"][];
        };
        RegistriesOverview: {
            overEpp: boolean;
            connections: {
                name: string;
                extensions: string[];
                servedExtensions: number;
                host: string;
                port: number;
                username: string;
                /** @enum {string} */
                contacts: "required" | "none";
                sessions: number;
                sessionsUp: number;
                commandsPerSecond: number;
                lastGreetingAt: string | null;
                lastError: {
                    message: string;
                    at: string;
                } | null;
                commandsLastHour: number;
                pollQueue: number | null;
                down: boolean;
                paused: {
                    reason: string;
                    pausedAt: string;
                } | null;
            }[];
            unserved: string[];
        };
        RegistryCommandList: {
            data: {
                at: string;
                connection: string;
                command: string;
                domain: string | null;
                clTRID: string | null;
                svTRID: string | null;
                resultCode: number | null;
                message: string | null;
            }[];
        };
        ExtensionLookup: {
            extension: string;
            connection: string | null;
            forSale: boolean;
            paused: boolean;
        };
        RenewedList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                renewalId: number;
                domainId: number;
                domain: string;
                accountId: number;
                email: string | null;
                years: number;
                /** Format: date-time */
                newExpireDate: string;
                amount: number;
                /** @enum {string} */
                kind: "manual" | "auto";
                /** Format: date-time */
                createDate: string;
            }[];
        };
        RevenueList: {
            total: number;
            limit: number;
            skip: number;
            net: number;
            data: {
                transactionId: number;
                accountId: number;
                email: string | null;
                /** @enum {string} */
                type: "payment" | "payout";
                description: string;
                amount: number;
                orderId: number | null;
                domainId: number | null;
                paymentReference: string | null;
                /** Format: date-time */
                date: string;
            }[];
        };
        StaffSessionView: {
            /** @enum {string} */
            state: "enrol" | "mfa" | "active";
            staff: {
                staffId: number;
                email: string;
                name: string;
                /** @enum {string} */
                role: "owner" | "support" | "billing" | "compliance" | "viewer";
                permissions: ("staff:manage" | "audit:read" | "audit:export" | "dashboard:read" | "customers:read" | "customers:help" | "customers:reset-factors" | "customers:notes" | "customers:edit" | "customers:view-as" | "customers:close" | "domains:read" | "domains:manage" | "domains:move" | "domains:courtesy-renew" | "domains:suspend" | "domains:delete" | "orders:read" | "orders:refund" | "billing:credit" | "billing:retry-renewals" | "promos:read" | "promos:manage" | "pricing:read" | "pricing:manage" | "jobs:manage" | "abuse:read" | "abuse:manage" | "verification:manage" | "escrow:manage" | "registries:read" | "registries:manage")[];
            };
            factors: {
                totp: boolean;
                passkeys: number;
            };
            expiresAt: string;
            idleExpiresAt: string;
        };
        StaffMemberList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["StaffMember"][];
        };
        VerificationRowList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                verificationId: number;
                accountId: number;
                email: string;
                registrantName: string;
                trigger: string;
                /** @enum {string} */
                status: "pending" | "verified" | "superseded";
                problems: string[];
                createDate: string;
                deadline: string;
                lastSentAt: string | null;
                sendCount: number;
                verifiedAt: string | null;
                suspendedAt: string | null;
                heldDomains: {
                    domain: string;
                    error: string;
                }[];
            }[];
        };
        ApiTokenList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                apiTokenId: number;
                name: string;
                displayPrefix: string;
                scopes: ("domains:read" | "dns:write" | "nameservers:write" | "renewals:write" | "search")[];
                allowedIps: string[];
                expireDate: string | null;
                lastUsedDate: string | null;
                lastUsedIp: string | null;
                createDate: string;
            }[];
        };
        BotChallenge: {
            /** @constant */
            provider: "altcha";
            challenge: unknown;
        } | {
            /** @constant */
            provider: "captcha";
            siteKey: string;
        };
        Cart: {
            cartId: number;
            uuid: string | null;
            accountId: number | null;
            /** @enum {string} */
            status: "active" | "deleted" | "checkedOut";
            contact: {
                firstName?: string;
                lastName?: string;
                company?: string;
                address?: string;
                city?: string;
                state?: string;
                zip?: string;
                country?: string;
                email?: string;
                phone?: string;
                statedSource?: string;
                vatNumber?: string;
                /** @enum {string} */
                vatStatus?: "confirmed" | "unavailable";
            } | null;
            verified: boolean;
            paymentMethodId: number;
            paymentSetupComplete: boolean;
            paymentStatus: string | null;
            createDate: string | null;
            modifyDate: string | null;
            checkoutDate: string | null;
            deleteDate: string | null;
            itemCount: number;
            oneTimePrice: number;
            monthlyPrice: number;
            discountPrice: number;
            creditPrice: number;
            taxPrice: number;
            totalPrice: number;
            promoCode: string | null;
            $tax: {
                /** @enum {string} */
                display: "included" | "added" | "none";
                rate: number;
                label: string;
                place: string;
                reverseCharge: boolean;
                viesUnavailable: boolean;
                description: string;
            } | null;
            $promo: {
                code: string;
                description: string | null;
                discount: number;
                error: string | null;
            } | null;
            $isLoggedIn: boolean;
            $hasPassword: boolean;
            $accountContact: {
                firstName: string;
                lastName: string;
                /** @default  */
                company: string;
                address: string;
                city: string;
                state: string;
                zip: string;
                country: string;
                /** Format: email */
                email: string;
                phone: string;
            } | null;
            $paymentMethods: {
                paymentMethodId: number;
                description: string;
                expMonth: number;
                expYear: number;
                isDefault: boolean;
            }[];
            $paymentMethodDescription: string | null;
            $virtualColumns: string[];
            cartItems?: components["schemas"]["CartItem"][];
        };
        Outbox: {
            data: {
                id: number;
                /** @enum {string} */
                channel: "sms" | "email";
                to: string;
                subject: string | null;
                body: string;
                createdAt: string;
                envelopeFrom: string | null;
                sizeBytes: number | null;
                rawUrl: string | null;
            }[];
        };
        ZoneChangeList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                changeId: number;
                at: string;
                /** @enum {string} */
                source: "panel" | "api" | "import" | "template" | "bulk" | "restore" | "staff" | "system";
                actor: string;
                summary: string;
                addedCount: number;
                removedCount: number;
                recordCount: number;
                restoredFrom: number | null;
            }[];
        };
        RecordDiff: {
            added: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
            }[];
            removed: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
            }[];
            changed: {
                before: {
                    /** @enum {string} */
                    type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                    host: string;
                    data: string;
                    priority: number | null;
                    weight: number | null;
                    port: number | null;
                    ttl: number;
                };
                after: {
                    /** @enum {string} */
                    type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                    host: string;
                    data: string;
                    priority: number | null;
                    weight: number | null;
                    port: number | null;
                    ttl: number;
                };
            }[];
            unchanged: number;
        };
        DnsRecordList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["DnsRecord"][];
        };
        DnsTemplateList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                id: string;
                name: string;
                description: string;
                /** Format: uri */
                docs: string;
                recordCount: number;
            }[];
        };
        DomainOfferList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["DomainOffer"][];
        };
        DomainCheckList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                /** @description The name in ASCII (punycode for an IDN) */
                domain: string;
                available: boolean;
                /** @description The extension, without the dot */
                tld: string;
                /** @description First-year price in US cents: the catalogue's, or the registry's premium price */
                newPrice: number;
                /** @description newPrice as shown to customers, such as "$12.99" */
                humanPrice: string;
                /** @description What each later year costs in US cents: the catalogue's renewal price, or the registry's premium renewal price */
                renewPrice: number;
                isPremium: boolean;
                /** @description The extension's catalogue categories ('premium' for an available registry-premium name) */
                categories: string[];
                /** @description The name in Unicode, present only when it differs from `domain` */
                unicode?: string;
            }[];
        };
        DomainList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["Domain"][];
        };
        Domain: {
            domainId: number;
            accountId: number;
            domain: string;
            /** @enum {string} */
            status: "active" | "transfer" | "expired" | "redemption" | "pendingDelete" | "deleted";
            /** Format: date-time */
            createDate: string;
            /** Format: date-time */
            modifyDate: string;
            /** Format: date-time */
            expireDate: string;
            autoRenewEnabled: boolean;
            autoRenewDate: string | null;
            locked: boolean;
            authCode: string | null;
            authCodeExpireDate: string | null;
            privacyEnabled: boolean;
            protectionEnabled: boolean;
            protectionPaidUntil: string | null;
            /** @enum {string} */
            websiteType: "builder" | "forward" | "park" | "custom";
            forwardUrl: string | null;
            /** @enum {string} */
            parkType: "blank" | "default";
            builderEnabled: boolean;
            builderUrl: string | null;
            emailEnabled: boolean;
            mrc: number;
            ns: string[];
            dsRecords: {
                keyTag: number;
                algorithm: number;
                digestType: number;
                digest: string;
            }[];
            forSale: boolean;
            listPrice: number | null;
            floorPrice: number | null;
            acceptOffers: boolean;
            forSalePage: boolean;
            outboundTransferStatus: string | null;
            inboundTransferStatus: string | null;
            pendingCharge: number | null;
            outboundTransferApprovalDeadline: string | null;
            redemptionPeriodStartDate: string | null;
            tdrpHoldDate: string | null;
            suspendedAt: string | null;
            suspensionReason: string | null;
            /** @enum {string} */
            $displayStatus: "pending" | "expired" | "expiring" | "active";
            /** @enum {string} */
            $serviceLabel: "Parking" | "Forwarding" | "Website" | "Email" | "Custom" | "Spot's Suite";
            $activeNow: string | null;
            $transferPending: boolean;
            $customNameservers?: boolean;
            $emailOverLimit?: boolean;
            renewPrice?: number | null;
            redemptionPrice?: number | null;
            $dsRecordsRemoved?: number;
            dnsRecords?: components["schemas"]["DnsRecord"][];
            emails?: components["schemas"]["DomainEmail"][];
        };
        SellerEarnings: {
            sales: {
                domain: string;
                price: number;
                payoutPercent: number;
                share: number;
                date: string;
            }[];
            share: number;
            paidOut: number;
            balance: number;
            payouts: {
                sellerPayoutId: number;
                accountId: number;
                amount: number;
                /** @enum {string} */
                method: "provider" | "manual";
                /** @enum {string} */
                status: "claimed" | "paid";
                reference: string | null;
                createDate: string;
            }[];
        };
        EmailList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["DomainEmail"][];
        };
        EmailUsage: {
            emailId: number;
            size: number;
            quota: number;
            usedBytes: number;
            $overQuota: boolean;
        };
        ForSaleListing: {
            domain: string;
            listPrice: number;
            acceptOffers: boolean;
            expireDate: string;
            offer: {
                amount: number;
                expireDate: string;
            } | null;
        };
        MfaMethodList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["MfaMethod"][];
        };
        OrderSummaryList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                orderId: number;
                createDate: string;
                /** @enum {string} */
                status: "completed" | "confirming" | "processing" | "failed";
                /** @enum {string} */
                refundStatus: "none" | "partlyRefunded" | "refunded";
                domains: string[];
                subtotal: number;
                discount: number;
                tax: number;
                credit: number;
                total: number;
                totalCharged: number;
            }[];
        };
        OrderConfirmation: {
            orderId: number;
            /** @enum {string} */
            status: "completed" | "confirming" | "processing" | "failed";
            createDate: string;
            lines: {
                domain: string;
                /** @enum {string} */
                kind: "registration" | "transfer" | "market";
                /** @enum {string} */
                outcome: "delivered" | "failed" | "confirming" | "awaitingAuthCode";
                years: number;
                price: number;
                protectionPrice: number;
                monthlyPrice: number;
                totalPrice: number;
                discount: number;
                credit: number;
                tax: number;
                refundState: ("refunded" | "cancelled") | null;
                charged: boolean;
                expireDate: string | null;
                domainId: number | null;
                transferLockUntil: string | null;
            }[];
            subtotal: number;
            promoCode: string | null;
            discount: number;
            credit: number;
            tax: number;
            taxLabel: string | null;
            taxNote: string | null;
            total: number;
            totalCharged: number;
            refundedToCard: number;
            refundedAsCredit: number;
            /** @enum {string} */
            refundStatus: "none" | "partlyRefunded" | "refunded";
            documents: {
                number: string;
                /** @enum {string} */
                kind: "invoice" | "creditNote";
                total: number;
                createDate: string;
            }[];
            card: string | null;
            email: string | null;
            error: string | null;
        };
        OutboundTransfer: {
            domain: string;
            gainingRegistrar: string;
            deadline: string;
            /** @enum {string} */
            status: "pending" | "approved" | "cancelled" | "completed";
        };
        PasskeyList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["Passkey"][];
        };
        PaymentMethodList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["PaymentMethod"][];
        };
        PaymentsConfig: {
            /** @enum {string} */
            provider: "sandbox" | "stripe";
            publishableKey?: string;
        };
        PriceRiseList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                noticeId: number;
                domainId: number;
                domain: string;
                before: number;
                after: number;
                paused: boolean;
                noticeDate: string;
            }[];
        };
        RecoveryCodesStatus: {
            total: number;
            remaining: number;
            createDate: string | null;
        };
        RegisteredNameserverList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["RegisteredNameserver"][];
        };
        VerificationStatus: {
            /** @constant */
            state: "none";
        } | {
            /** @constant */
            state: "verified";
            email: string;
            verifiedAt: string;
        } | {
            /** @constant */
            state: "pending";
            email: string;
            deadline: string;
            suspended: boolean;
            problems: string[];
            lastSentAt: string | null;
        };
        RenewableDomainList: {
            total: number;
            limit: number;
            skip: number;
            data: {
                domainId: number;
                domain: string;
                /** @enum {string} */
                status: "active" | "expired" | "redemption";
                /** Format: date-time */
                expireDate: string;
                /** @description Cents for one year; null when it cannot be renewed here (support can) */
                renewPrice: number | null;
                /** @description The restore fee of a domain in redemption, in cents */
                redemptionPrice: number | null;
                protectionEnabled: boolean;
                isPremium: boolean;
                /** @description The most years it may still be renewed for (0 at the 10-year maximum) */
                maxRenewalPeriod: number;
            }[];
        };
        SignedOut: {
            /** @constant */
            success: true;
        };
        AdminSession: {
            jwt: string | null;
            username: string | null;
        };
        ConfirmChoices: {
            methods: {
                mfaId: number;
                /** @enum {string} */
                type: "totp" | "sms" | "email";
                description: string;
            }[];
            passkey: boolean;
        };
        TaxDisplay: {
            country: string;
            /** @enum {string} */
            display: "included" | "added" | "none";
            rate: number;
            label: string;
            place: string;
            regional: boolean;
        };
        TldList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["Tld"][];
        };
        Tld: {
            tld: string;
            categories: ("animals" | "arts" | "business" | "cctlds" | "colors" | "education" | "events" | "finance" | "food" | "fun" | "generic" | "health" | "lifestyle" | "marketing" | "media" | "military" | "misc" | "personal" | "popular" | "premium" | "products" | "professions" | "realestate" | "religion" | "shopping" | "sports" | "technology" | "trades" | "transport" | "travel")[];
            /** @default 999 */
            priority: number;
            newPricing: number[];
            transferPricing: number[];
            renewPricing: number[];
            redemptionPricing: number[];
        };
        TransactionsAnswer: {
            total: number;
            limit: number;
            skip: number;
            data: {
                transactionId: number;
                /** @enum {string} */
                type: "start" | "setup" | "lnp" | "nrc" | "mrc" | "usage" | "user" | "transfer" | "other" | "tax" | "credit" | "payment" | "payout" | "balance";
                /** Format: date-time */
                startDate: string;
                endDate: string | null;
                description: string;
                amount: number;
            }[];
            metaData: {
                yyyymm: string;
                /** Format: date-time */
                startDate: string;
                /** Format: date-time */
                endDate: string;
                totals: {
                    [key: string]: number;
                };
            };
        };
        CurrentUser: {
            userId: number;
            accountId: number;
            email: string;
            createDate: string;
            modifyDate: string;
            mfaEnrolmentRequired: boolean;
            $viewAs?: {
                staffEmail: string;
            };
        };
        WebsiteSettings: {
            domainId: number;
            domain: string;
            forwardKeepPath: boolean;
            forwardPermanent: boolean;
            builderTrialEndDate: string | null;
            site: {
                headline: string;
                text: string;
                accentColor: string;
                backgroundColor: string;
            };
        };
        Whois: {
            whois: string;
        };
        CustomerEdited: {
            /** @constant */
            success: true;
            email: string;
            message: string;
        };
        PromoCode: {
            promoCodeId: number;
            code: string;
            /** @enum {string} */
            kind: "percent" | "amount";
            value: number;
            tlds: string[];
            /** @enum {string} */
            years: "first" | "every";
            /** Format: date-time */
            startDate: string;
            endDate: string | null;
            maxRedemptions: number | null;
            maxPerCustomer: number | null;
            redemptions: number;
            discountTotal: number;
            /** @enum {string} */
            status: "scheduled" | "active" | "expired" | "usedUp";
            description: string;
            hasBeenUsed: boolean;
            /** Format: date-time */
            createDate: string;
        };
        StaffMember: {
            staffId: number;
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "support" | "billing" | "compliance" | "viewer";
            /** @enum {string} */
            status: "invited" | "active" | "disabled";
            hasTotp: boolean;
            passkeys: number;
            createDate: string;
            lastSignInDate: string | null;
            invitedBy: string | null;
        };
        CartItem: {
            cartItemId: number;
            cartId: number;
            /** @constant */
            type: "domain";
            domain: string;
            /** @enum {string} */
            domainType: "new" | "transfer" | "premium" | "market";
            premium: boolean;
            authCode: string | null;
            years: number;
            emailEnabled: boolean;
            hostingEnabled: boolean;
            protectionEnabled: boolean;
            /** @enum {string} */
            status: "active" | "deleted";
            /** Format: date-time */
            createDate: string;
            yearOptions: {
                years: number;
                price: number;
            }[];
            price: number;
            renewalPrice: number;
            protectionPrice: number;
            monthlyPrice: number;
            totalPrice: number;
            discount: number;
            tax: number;
            $market?: {
                expireDate: string | null;
                isOffer: boolean;
            };
        };
        CartOrCheckout: components["schemas"]["Cart"] | {
            cartId: number;
            orderId: number;
            totalPrice: number;
            requiresAction: boolean;
            clientSecret?: string;
            paymentIntentId?: string;
            accountId?: number;
            registered?: string[];
            failedDomains?: string[];
            awaitingAuthCode?: string[];
            unconfirmedDomains?: string[];
            message?: string;
        };
        DnsRecord: {
            dnsRecordId: number;
            domainId: number;
            /** @enum {string} */
            type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
            host: string;
            data: string;
            priority: number | null;
            weight: number | null;
            port: number | null;
            ttl: number;
            /** Format: date-time */
            createDate: string;
        };
        DomainOffer: {
            offerId: number;
            domainId: number;
            domain: string;
            amount: number;
            name: string;
            email: string;
            message: string | null;
            /** @enum {string} */
            status: "open" | "accepted" | "declined" | "sold";
            createDate: string;
            answerDate: string | null;
            acceptExpireDate: string | null;
            listPrice: number | null;
        };
        MfaMethod: {
            mfaId: number;
            /** @enum {string} */
            type: "totp" | "sms" | "email";
            /** @enum {string} */
            status: "pending" | "active" | "deleted";
            description: string;
            createDate: string;
            $recoveryCodes?: string[];
        };
        Passkey: {
            passkeyId: number;
            name: string;
            createDate: string;
            lastUsedDate: string | null;
            synced: boolean;
            $recoveryCodes?: string[];
        };
        RegisteredNameserver: {
            registeredNameserverId: number;
            domainId: number;
            hostname: string;
            ipAddress: string;
            /** @enum {string} */
            status: "pending" | "active" | "deleted";
            /** Format: date-time */
            createDate: string;
            $reviewBy: string | null;
        };
        LoginChanged: components["schemas"]["CurrentUser"] | components["schemas"]["SessionStep"];
        AbuseReportAnswer: {
            caseNumber: string;
            message: string;
        };
        CreditGranted: {
            accountCreditId: number;
            amount: number;
            transactionId: number;
            balance: number;
            credit: components["schemas"]["CreditAnswer"];
        };
        CreditRevoked: {
            amount: number;
            balance: number;
            credit: components["schemas"]["CreditAnswer"];
        };
        CustomerClosed: {
            message: string;
        };
        CustomerNoteView: {
            noteId: number;
            staffEmail: string | null;
            body: string;
            createDate: string;
        };
        CustomerHelped: {
            /** @constant */
            success: true;
            message: string;
        };
        CustomerRevoked: {
            revoked: number;
        };
        ViewAsStarted: {
            /** @constant */
            success: true;
            redirect: string;
            until: string;
            email: string;
        };
        JobRetried: {
            /** @constant */
            success: true;
            message: string;
        };
        CourtesyRenewed: {
            expireDate: string;
        };
        DomainDeleted: {
            refunded: number;
            message: string;
        };
        DomainLocked: {
            /** @constant */
            success: true;
            locked: boolean;
        };
        DomainMoved: {
            accountId: number;
            tdrpHoldDate: string | null;
        };
        DomainRestored: {
            status: string;
            expireDate: string;
        };
        DomainSuspended: {
            /** @constant */
            success: true;
            message: string;
        };
        DomainUnsuspended: {
            stillSuspended: boolean;
        };
        StaffSignInStep: {
            /** @enum {string} */
            next: "enrol" | "mfa" | "active";
            factors: {
                totp: boolean;
                passkeys: number;
            };
        };
        StaffEnrolmentView: {
            email: string;
            name: string;
            /** @enum {string} */
            role: "owner" | "support" | "billing" | "compliance" | "viewer";
            expiresAt: string;
        };
        RetryOutcome: {
            renewalOrderId: number;
            status: string;
            renewed: boolean;
            lastError: string | null;
            attempts: number;
        };
        RefundAnswer: {
            refund: {
                refundId: number;
                paymentIntentId: string;
                orderId: number | null;
                amount: number;
                status: string;
                creditAmount: number;
                names: {
                    domainId: number;
                    domain: string;
                    /** @enum {string} */
                    action: "cancel" | "delete" | "keep";
                    done: boolean;
                    years?: {
                        count: number;
                        /** @enum {string} */
                        state: "pending" | "sending" | "done" | "refused" | "unsupported";
                        expireDate: string;
                        note?: string;
                        leaseUntil?: string;
                    };
                }[];
                items: {
                    transactionId: number;
                    amount: number;
                    description: string;
                }[];
                reason: string;
                staffId: number | null;
                createDate: string;
            };
            payment: components["schemas"]["PaymentDetail"];
            replayed: boolean;
            message: string;
        };
        PayoutResults: {
            results: {
                accountId: number;
                payout: {
                    sellerPayoutId: number;
                    accountId: number;
                    amount: number;
                    /** @enum {string} */
                    method: "provider" | "manual";
                    /** @enum {string} */
                    status: "claimed" | "paid";
                    reference: string | null;
                    createDate: string;
                } | null;
                replayed: boolean;
                error: string | null;
            }[];
        };
        PricingPreview: {
            changes: {
                tld: string;
                /** @enum {string} */
                action: "register" | "renew" | "transfer" | "restore";
                before: number;
                after: number;
                cost: number;
            }[];
        };
        PricingRuleSaved: {
            rule: {
                tld: string;
                marginBasisPoints: number;
                marginFixedCents: number;
                /** @enum {string} */
                rounding: "99" | "none" | "whole";
                floorMarginCents: number;
            };
            changes: number;
            priceRises: {
                tlds: string[];
                notices: number;
                paused: number;
            };
        };
        WholesaleCostsSynced: {
            source: string;
            extensions: number;
            changed: number;
            priceRises: {
                tlds: string[];
                notices: number;
                paused: number;
            };
        };
        StaffEmailCodeSent: {
            /** @constant */
            success: true;
            message: string;
        };
        WebauthnOptions: {
            challenge: string;
        } & {
            [key: string]: unknown;
        };
        StaffFactorAdded: components["schemas"]["StaffSignInStep"] | {
            /** @constant */
            next: "active";
        };
        StaffTotpSetup: {
            secret: string;
            otpauthUrl: string;
            qrSvg: string;
        };
        StaffHelped: {
            /** @constant */
            success: true;
            message: string;
        };
        MarkedVerified: {
            message: string;
            restoredDomains: string[];
            heldDomains: string[];
        };
        VerificationResent: {
            message: string;
        };
        CreatedApiToken: {
            apiTokenId: number;
            name: string;
            displayPrefix: string;
            scopes: ("domains:read" | "dns:write" | "nameservers:write" | "renewals:write" | "search")[];
            allowedIps: string[];
            expireDate: string | null;
            lastUsedDate: string | null;
            lastUsedIp: string | null;
            createDate: string;
            secret: string;
        };
        CartItemsAdded: components["schemas"]["CartItem"] | components["schemas"]["CartItem"][];
        ZoneRestored: {
            change: {
                changeId: number;
                at: string;
                /** @enum {string} */
                source: "panel" | "api" | "import" | "template" | "bulk" | "restore" | "staff" | "system";
                actor: string;
                summary: string;
                addedCount: number;
                removedCount: number;
                recordCount: number;
                restoredFrom: number | null;
            } | null;
            unchanged: boolean;
        };
        DnsRecordsDeleted: {
            deleted: number;
        };
        DnsTemplateApplied: {
            added: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
            }[];
            removed: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
                dnsRecordId: number;
                reason: string;
            }[];
            leftOut: {
                record: {
                    /** @enum {string} */
                    type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                    host: string;
                    data: string;
                    priority: number | null;
                    weight: number | null;
                    port: number | null;
                    ttl: number;
                };
                reason: string;
            }[];
            changeId: number | null;
        };
        DnsTemplatePreview: {
            template: {
                id: string;
                name: string;
                description: string;
                /** Format: uri */
                docs: string;
                recordCount: number;
            };
            records: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
                present: boolean;
            }[];
            conflicts: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
                dnsRecordId: number;
                reason: string;
            }[];
            stops?: string[];
        };
        ZoneImportResult: {
            /** @enum {string} */
            mode: "merge" | "replace";
            added: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
                line: number | null;
            }[];
            changed: {
                before: {
                    /** @enum {string} */
                    type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                    host: string;
                    data: string;
                    priority: number | null;
                    weight: number | null;
                    port: number | null;
                    ttl: number;
                };
                after: {
                    /** @enum {string} */
                    type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                    host: string;
                    data: string;
                    priority: number | null;
                    weight: number | null;
                    port: number | null;
                    ttl: number;
                    line: number | null;
                };
            }[];
            removed: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
            }[];
            unchanged: number;
            refused: {
                line: number;
                text: string;
                reason: string;
            }[];
            skipped: {
                line: number;
                text: string;
                reason: string;
            }[];
            stops?: string[];
            changeId: number | null;
        };
        ZoneImportPreview: {
            /** @enum {string} */
            mode: "merge" | "replace";
            added: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
                line: number | null;
            }[];
            changed: {
                before: {
                    /** @enum {string} */
                    type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                    host: string;
                    data: string;
                    priority: number | null;
                    weight: number | null;
                    port: number | null;
                    ttl: number;
                };
                after: {
                    /** @enum {string} */
                    type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                    host: string;
                    data: string;
                    priority: number | null;
                    weight: number | null;
                    port: number | null;
                    ttl: number;
                    line: number | null;
                };
            }[];
            removed: {
                /** @enum {string} */
                type: "A" | "AAAA" | "ALIAS" | "CNAME" | "MX" | "NS" | "SRV" | "TXT" | "CAA" | "HTTPS" | "SVCB" | "TLSA";
                host: string;
                data: string;
                priority: number | null;
                weight: number | null;
                port: number | null;
                ttl: number;
            }[];
            unchanged: number;
            refused: {
                line: number;
                text: string;
                reason: string;
            }[];
            skipped: {
                line: number;
                text: string;
                reason: string;
            }[];
            stops?: string[];
        };
        TransferCheckAnswer: {
            domains: {
                domain: string;
                ok: boolean;
                reason: string | null;
                transferPrice: number | null;
                premium: boolean;
                renewPrice: number | null;
                registrarName: string | null;
                expireDate: string | null;
                createDate: string | null;
            }[];
        };
        EmailCreated: {
            emailId: number;
            domainId: number;
            address: string;
            /** @enum {string} */
            type: "mailbox" | "forward";
            destination: string | null;
            size: number;
            quota: number;
            /** @enum {string} */
            status: "active" | "deleted";
            /** Format: date-time */
            createDate: string;
            $mobileConfigUrl?: string;
            $autoconfigUrl?: string;
        };
        Sent: {
            message: string;
        };
        OfferSent: {
            message: string;
        };
        MfaAdded: {
            mfaId: number;
            /** @enum {string} */
            type: "totp" | "sms" | "email";
            /** @enum {string} */
            status: "pending" | "active" | "deleted";
            description: string;
            createDate: string;
            $recoveryCodes?: string[];
            $totpUrl?: string;
        };
        SandboxAuthenticated: {
            status: string;
        } & {
            [key: string]: unknown;
        };
        SandboxCardCreated: {
            id: string;
        } & {
            [key: string]: unknown;
        };
        CardSetupAnswer: {
            setupIntent: {
                id: string;
                status: string;
                client_secret: string;
            } & {
                [key: string]: unknown;
            };
            paymentMethod: components["schemas"]["PaymentMethod"] | null;
        };
        PriceRiseAccepted: {
            /** @constant */
            accepted: true;
        };
        RecoveryCodesIssued: {
            total: number;
            remaining: number;
            createDate: string | null;
            codes: string[];
        };
        VerifyRegistrantAnswer: {
            email: string;
            restoredDomains: string[];
            heldDomains: string[];
            message: string;
        };
        RenewAnswer: {
            renewalPeriod: number;
            domains: {
                domainId: number;
                domain: string;
                renewalPeriod: number;
                /** Format: date-time */
                expireDate: string;
                /** Format: date-time */
                newExpireDate: string;
                renewPrice: number;
                redemptionPrice: number | null;
                protectionEnabled: boolean;
                protectionPrice: number;
                /** @enum {string} */
                status?: "renewed" | "failed" | "unknown";
                error?: string;
            }[];
            /** @description Cents: renewal, redemption and protection of every line */
            totalPrice: number;
            /** @description Cents of sales tax or VAT charged on top of totalPrice */
            tax?: number;
            /** @description Which tax: "VAT 21% (Netherlands)", or that VAT is reverse-charged */
            taxNote?: string;
            committed: boolean;
            /** @description The card needs 3-D Secure: confirm in the account app */
            requiresAction?: boolean;
            clientSecret?: string;
            paymentIntentId?: string;
            cardDescription?: string;
        };
        SessionStep: {
            mfas?: {
                mfaId: number;
                /** @enum {string} */
                type: "totp" | "sms" | "email";
                description: string;
            }[];
            passkey?: boolean;
            recoveryCodes?: boolean;
            mfaId?: number;
            /** @enum {string} */
            mfaType?: "totp" | "sms" | "email";
            mfaDescription?: string;
            mfaChallengeId?: number;
            redirect?: string;
            recovery?: boolean;
            /** @constant */
            success?: true;
            message?: string;
        };
        ConfirmAnswer: {
            /** @constant */
            confirmed: true;
        } | {
            mfaId: number;
            /** @enum {string} */
            mfaType: "totp" | "sms" | "email";
            mfaDescription: string;
            mfaChallengeId: number;
        };
        TdrpApproved: {
            heldDomains: number;
            holdUntil: string | null;
        };
        ValidateAnswer: {
            valid: boolean;
            msg: string;
        } | {
            /** @constant */
            sent: true;
            msg: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getAdminSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffSessionView */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSessionView"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffSignIn"];
            };
        };
        responses: {
            /** @description StaffSignInStep */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSignInStep"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAdminSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffSignedOut */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSignedOut"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiTokensById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Revoked"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDnsRecordsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted record’s id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecordDeleted"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchDnsRecordsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DnsRecordUpdate"];
            };
        };
        responses: {
            /** @description The record as stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecord"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteEmailsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DomainEmail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainEmail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchEmailsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailUpdate"];
            };
        };
        responses: {
            /** @description DomainEmail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainEmail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMfasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorDelete"];
            };
        };
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Removed"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchMfasById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MfaVerify"];
            };
        };
        responses: {
            /** @description MfaMethod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaMethod"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePasskeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SecondFactorDelete"];
            };
        };
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Removed"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchPasskeysById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyRename"];
            };
        };
        responses: {
            /** @description Passkey */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePaymentMethodsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PaymentMethod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethod"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchPaymentMethodsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentMethodPatch"];
            };
        };
        responses: {
            /** @description PaymentMethod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethod"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteRegisteredNameserversById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted nameserver’s id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisteredNameserverDeleted"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchRegisteredNameserversById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisteredNameserverUpdate"];
            };
        };
        responses: {
            /** @description The nameserver */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisteredNameserver"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountActivity: {
        parameters: {
            query?: {
                /** @description At most this many (1000, the default, at most) */
                limit?: number;
                /** @description Skip this many first */
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AccountActivityList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountActivityList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccounts0: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchAccounts0: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AccountUpdate"];
            };
        };
        responses: {
            /** @description Account */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminAbuseCases: {
        parameters: {
            query?: {
                status?: "open" | "closed" | "all";
                q?: string;
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AbuseCaseList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminAbuseCasesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminAbuseFigures: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AbuseFigures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseFigures"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminAudit: {
        parameters: {
            query?: {
                q?: string;
                action?: string;
                staffId?: number;
                staff?: string;
                accountId?: number;
                customer?: string;
                targetType?: string;
                targetId?: string;
                from?: string;
                to?: string;
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AuditEntryList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEntryList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminCredits: {
        parameters: {
            query: {
                accountId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CreditAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditGrant"];
            };
        };
        responses: {
            /** @description CreditGranted */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditGranted"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminCustomers: {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CustomerHitList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerHitList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminCustomersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CustomerRecord */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerRecord"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchAdminCustomersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerEdit"];
            };
        };
        responses: {
            /** @description CustomerEdited */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerEdited"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminDashboard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dashboard */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Dashboard"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminDomains: {
        parameters: {
            query?: {
                q?: string;
                state?: "transfer-in" | "awaiting-auth-code" | "transfer-away" | "suspended";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffDomainRowList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffDomainRowList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminDomainsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffDomainRecord */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffDomainRecord"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminDomainsByIdDeletion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DomainDeletionTerms */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainDeletionTerms"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminDomainsByIdTimeline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DomainTimeline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainTimeline"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminEscrow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description EscrowScreen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EscrowScreen"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminFailedRenewals: {
        parameters: {
            query?: {
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description FailedAutoRenewalList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FailedAutoRenewalList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminOrders: {
        parameters: {
            query?: {
                q?: string;
                accountId?: number;
                status?: "pending" | "requiresAction" | "authorized" | "unconfirmed" | "completed" | "failed";
                line?: "registration" | "transfer";
                since?: string;
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OrderList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminOrdersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OrderDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminPayments: {
        parameters: {
            query: {
                accountId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AccountPaymentList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountPaymentList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminPaymentsByPaymentIntentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentIntentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PaymentDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminPayouts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PayoutsScreen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutsScreen"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminPayouts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PayoutRequest"];
            };
        };
        responses: {
            /** @description PayoutResults */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PayoutResults"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminPricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PricingTable */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingTable"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminPromoCodes: {
        parameters: {
            query?: {
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PromoCodeList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromoCodeList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminPromoCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromoCodeCreate"];
            };
        };
        responses: {
            /** @description PromoCode */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromoCode"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminRegistries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RegistriesOverview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistriesOverview"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminRegistriesCommands: {
        parameters: {
            query: {
                domain: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RegistryCommandList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistryCommandList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminRegistriesExtensionsByExtension: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                extension: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ExtensionLookup */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtensionLookup"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminRenewed: {
        parameters: {
            query: {
                since: string;
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RenewedList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenewedList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminRevenue: {
        parameters: {
            query: {
                since: string;
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RevenueList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RevenueList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffMemberList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffMemberList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminStaff: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffInvite"];
            };
        };
        responses: {
            /** @description StaffMember */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffMember"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAdminVerifications: {
        parameters: {
            query?: {
                q?: string;
                status?: "pending" | "verified" | "all";
                limit?: number;
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description VerificationRowList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationRowList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ApiTokenList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiTokenList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiTokenCreate"];
            };
        };
        responses: {
            /** @description CreatedApiToken */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiToken"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBotCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description BotChallenge */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotChallenge"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCartsById: {
        parameters: {
            query?: {
                "$relations[]"?: "cartItems"[];
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cart */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cart"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchCartsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CartPatch"];
            };
        };
        responses: {
            /** @description CartOrCheckout */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartOrCheckout"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDevOutbox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Outbox */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Outbox"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDnsChanges: {
        parameters: {
            query: {
                /** @description The domain whose entries to list */
                domainId: number;
                /** @description At most this many (1000, the default, at most) */
                limit?: number;
                /** @description Skip this many first */
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ZoneChangeList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZoneChangeList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDnsChangesDiff: {
        parameters: {
            query: {
                domainId: number;
                from: number;
                to: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RecordDiff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecordDiff"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDnsRecords: {
        parameters: {
            query: {
                /** @description The domain whose entries to list */
                domainId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The records */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecordList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDnsRecords: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DnsRecordCreate"];
            };
        };
        responses: {
            /** @description The record as stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecord"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDnsTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DnsTemplateList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsTemplateList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDomainOffers: {
        parameters: {
            query?: {
                /** @description At most this many (1000, the default, at most) */
                limit?: number;
                /** @description Skip this many first */
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description DomainOfferList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainOfferList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDomainSearchCheck: {
        parameters: {
            query: {
                /** @description The full name to check, such as `example.com`; repeat for up to 10 names (`?domain=a.com&domain=b.net`). Unicode names are accepted and answered in punycode. */
                domain: string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One result per distinct name, in the order asked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainCheckList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDomains: {
        parameters: {
            query?: {
                /** @description At most this many (1000, the default, at most) */
                limit?: number;
                /** @description Skip this many first */
                skip?: number;
                /** @description Include each domain's DNS records and/or mailboxes */
                "$relations[]"?: ("dnsRecords" | "emails")[];
                /** @description Include `renewPrice` and `redemptionPrice` in cents */
                $renewalPricing?: "true" | "false";
                $sort?: {
                    [key: string]: 1 | -1;
                };
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domains */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDomainsById: {
        parameters: {
            query?: {
                /** @description Include each domain's DNS records and/or mailboxes */
                "$relations[]"?: ("dnsRecords" | "emails")[];
                /** @description Include `renewPrice` and `redemptionPrice` in cents */
                $renewalPricing?: "true" | "false";
            };
            header?: never;
            path: {
                /** @description The id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchDomainsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainUpdate"];
            };
        };
        responses: {
            /** @description Domain */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEarnings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SellerEarnings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SellerEarnings"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmails: {
        parameters: {
            query: {
                /** @description The domain whose entries to list */
                domainId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description EmailList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postEmails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmailCreate"];
            };
        };
        responses: {
            /** @description EmailCreated */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailCreated"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmailsByIdUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description EmailUsage */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailUsage"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getForSaleByDomain: {
        parameters: {
            query?: {
                offer?: string;
            };
            header?: never;
            path: {
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ForSaleListing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ForSaleListing"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMfas: {
        parameters: {
            query?: {
                status?: ("pending" | "active" | "deleted")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description MfaMethodList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaMethodList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMfas: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MfaAdd"];
            };
        };
        responses: {
            /** @description MfaAdded */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaAdded"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrders: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OrderSummaryList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderSummaryList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrdersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OrderConfirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrderConfirmation"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOutboundTransfersByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OutboundTransfer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboundTransfer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postOutboundTransfersByToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OutboundAnswer"];
            };
        };
        responses: {
            /** @description OutboundTransfer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutboundTransfer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PasskeyList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyRegister"];
            };
        };
        responses: {
            /** @description Passkey */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Passkey"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentMethods: {
        parameters: {
            query?: {
                status?: "active" | "pending" | "deleted";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PaymentMethodList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentMethodList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPaymentMethodsConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PaymentsConfig */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentsConfig"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPriceRises: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PriceRiseList */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceRiseList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RecoveryCodesStatus */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesStatus"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RecoveryCodesIssued */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesIssued"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRegisteredNameservers: {
        parameters: {
            query: {
                /** @description The domain whose entries to list */
                domainId: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The nameservers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisteredNameserverList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postRegisteredNameservers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisteredNameserverCreate"];
            };
        };
        responses: {
            /** @description The nameserver */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegisteredNameserver"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRegistrantVerifications0: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description VerificationStatus */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationStatus"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRenewals: {
        parameters: {
            query?: {
                /** @description A domain to list first */
                domainId?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The renewable domains */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenewableDomainList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postRenewals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenewRequest"];
            };
        };
        responses: {
            /** @description The priced renewal, or the order placed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenewAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description SignedOut */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignedOut"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSession: {
        parameters: {
            query?: {
                postLoginUrl?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SignInStep"];
            };
        };
        responses: {
            /** @description SessionStep */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionStep"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSessionAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AdminSession */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminSession"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSessionConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ConfirmChoices */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfirmChoices"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSessionConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmRequest"];
            };
        };
        responses: {
            /** @description ConfirmAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfirmAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTaxDisplay: {
        parameters: {
            query: {
                country: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description TaxDisplay */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaxDisplay"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTlds: {
        parameters: {
            query?: {
                /** @description At most this many (1000, the default, at most) */
                limit?: number;
                /** @description Skip this many first */
                skip?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The extensions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TldList"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTldsByTld: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The extension, such as `com` or `co.uk` */
                tld: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The extension */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tld"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTransactions: {
        parameters: {
            query: {
                yyyymm: string;
                $pdf?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description TransactionsAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionsAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsers0: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CurrentUser */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentUser"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchUsers0: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginUpdate"];
            };
        };
        responses: {
            /** @description LoginChanged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginChanged"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebsitesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebsiteSettings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebsiteSettings"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchWebsitesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SiteContentUpdate"];
            };
        };
        responses: {
            /** @description WebsiteSettings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebsiteSettings"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWhoisByDomain: {
        parameters: {
            query: {
                nonAuthoritative?: "true" | "false";
                token: string;
            };
            header?: never;
            path: {
                domain: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whois */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Whois"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchAdminAbuseSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbuseSettings"];
            };
        };
        responses: {
            /** @description AbuseFigures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseFigures"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchAdminPromoCodesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromoCodeEdit"];
            };
        };
        responses: {
            /** @description PromoCode */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromoCode"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchAdminStaffById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffUpdate"];
            };
        };
        responses: {
            /** @description StaffMember */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffMember"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchCartItemsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CartItemPatch"];
            };
        };
        responses: {
            /** @description CartItem */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartItem"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchDomainOffersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OfferAnswer"];
            };
        };
        responses: {
            /** @description DomainOffer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainOffer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAbuseReports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbuseReport"];
            };
        };
        responses: {
            /** @description AbuseReportAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseReportAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdAcknowledge: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdAskReporter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AskReporter"];
            };
        };
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdClose: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CloseAbuseCase"];
            };
        };
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdLock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbuseCaseReason"];
            };
        };
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdNotifyRegistrant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NotifyRegistrant"];
            };
        };
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdRemoveContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RemoveAbusiveContent"];
            };
        };
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdSuspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbuseCaseReason"];
            };
        };
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminAbuseCasesByIdUnsuspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AbuseCaseReason"];
            };
        };
        responses: {
            /** @description AbuseCaseDetail */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AbuseCaseDetail"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCreditsRevocations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreditRevoke"];
            };
        };
        responses: {
            /** @description CreditRevoked */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreditRevoked"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdClose: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerClose"];
            };
        };
        responses: {
            /** @description CustomerClosed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerClosed"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdNotes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerNote"];
            };
        };
        responses: {
            /** @description CustomerNoteView */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerNoteView"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdResendApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CustomerHelped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerHelped"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdResendRecovery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CustomerHelped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerHelped"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdResendVerification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CustomerHelped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerHelped"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdResetFactors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResetFactors"];
            };
        };
        responses: {
            /** @description CustomerHelped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerHelped"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdRevokeApiTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RevokeApiTokens"];
            };
        };
        responses: {
            /** @description CustomerRevoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerRevoked"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdRevokeSessions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CustomerRevoked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerRevoked"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminCustomersByIdViewAs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ViewAs"];
            };
        };
        responses: {
            /** @description ViewAsStarted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ViewAsStarted"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDashboardJobsByNameByIdRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JobRetried */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobRetried"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDomainsByIdCourtesyRenew: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CourtesyRenew"];
            };
        };
        responses: {
            /** @description CourtesyRenewed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CourtesyRenewed"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDomainsByIdDelete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainDelete"];
            };
        };
        responses: {
            /** @description DomainDeleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainDeleted"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDomainsByIdLock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainLock"];
            };
        };
        responses: {
            /** @description DomainLocked */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainLocked"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDomainsByIdMove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainMove"];
            };
        };
        responses: {
            /** @description DomainMoved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainMoved"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDomainsByIdRestore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainRestore"];
            };
        };
        responses: {
            /** @description DomainRestored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainRestored"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDomainsByIdSuspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainSuspend"];
            };
        };
        responses: {
            /** @description DomainSuspended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainSuspended"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminDomainsByIdUnsuspend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DomainSuspend"];
            };
        };
        responses: {
            /** @description DomainUnsuspended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DomainUnsuspended"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminEnrolment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffEnrol"];
            };
        };
        responses: {
            /** @description StaffSignInStep */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSignInStep"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminEnrolmentCheck: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffEnrolmentToken"];
            };
        };
        responses: {
            /** @description StaffEnrolmentView */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffEnrolmentView"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminEscrowDeposits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EscrowDepositNow"];
            };
        };
        responses: {
            /** @description EscrowScreen */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EscrowScreen"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminFailedRenewalsByIdRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RetryOutcome */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RetryOutcome"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminOrdersByIdRefunds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundRequest"];
            };
        };
        responses: {
            /** @description RefundAnswer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminPaymentsByPaymentIntentIdRefunds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentIntentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundRequest"];
            };
        };
        responses: {
            /** @description RefundAnswer */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminPricingPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PricingRuleInput"];
            };
        };
        responses: {
            /** @description PricingPreview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingPreview"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminPricingRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PricingRuleInput"];
            };
        };
        responses: {
            /** @description PricingRuleSaved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingRuleSaved"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminPricingSync: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WholesaleCostsSynced */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WholesaleCostsSynced"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminPromoCodesByIdExpire: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PromoCodeExpire"];
            };
        };
        responses: {
            /** @description PromoCode */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PromoCode"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminRegistriesByNamePause: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegistryPause"];
            };
        };
        responses: {
            /** @description RegistriesOverview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistriesOverview"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminRegistriesByNameResume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description RegistriesOverview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RegistriesOverview"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffCode"];
            };
        };
        responses: {
            /** @description StaffSignInStep */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSignInStep"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionEmailCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffEmailCodeSent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffEmailCodeSent"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionEmailCodeVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffEmailCode"];
            };
        };
        responses: {
            /** @description StaffSignInStep */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSignInStep"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffPasskeyAnswer"];
            };
        };
        responses: {
            /** @description StaffSignInStep */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffSignInStep"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionPasskeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebauthnOptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebauthnOptions"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionPasskeyRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["StaffPasskeyOptions"];
            };
        };
        responses: {
            /** @description WebauthnOptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebauthnOptions"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionPasskeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffPasskeyAnswer"];
            };
        };
        responses: {
            /** @description StaffFactorAdded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffFactorAdded"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffTotpSetup */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffTotpSetup"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminSessionTotpConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffTotpConfirm"];
            };
        };
        responses: {
            /** @description StaffFactorAdded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffFactorAdded"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminStaffByIdResendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description StaffHelped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffHelped"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminStaffByIdResetFactors: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StaffResetFactors"];
            };
        };
        responses: {
            /** @description StaffHelped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StaffHelped"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminVerificationsByIdMarkVerified: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MarkVerified"];
            };
        };
        responses: {
            /** @description MarkedVerified */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarkedVerified"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postAdminVerificationsByIdResend: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description VerificationResent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationResent"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCartItems: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddCartItems"];
            };
        };
        responses: {
            /** @description CartItemsAdded */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CartItemsAdded"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDnsChangesRestore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ZoneRestore"];
            };
        };
        responses: {
            /** @description ZoneRestored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZoneRestored"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDnsRecordDeletions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DnsRecordDeletion"];
            };
        };
        responses: {
            /** @description DnsRecordsDeleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsRecordsDeleted"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDnsTemplatesByIdApply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DnsTemplateApply"];
            };
        };
        responses: {
            /** @description DnsTemplateApplied */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsTemplateApplied"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDnsTemplatesByIdPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DnsTemplatePreviewRequest"];
            };
        };
        responses: {
            /** @description DnsTemplatePreview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DnsTemplatePreview"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDnsZoneFiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ZoneImport"];
            };
        };
        responses: {
            /** @description ZoneImportResult */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZoneImportResult"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDnsZoneFilesPreview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ZoneImport"];
            };
        };
        responses: {
            /** @description ZoneImportPreview */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ZoneImportPreview"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDomainTransferCheck: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferCheck"];
            };
        };
        responses: {
            /** @description TransferCheckAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransferCheckAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postEmailsByIdInstructions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SendInstructions"];
            };
        };
        responses: {
            /** @description Sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Sent"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postForSaleByDomainOffers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                domain: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Offer"];
            };
        };
        responses: {
            /** @description OfferSent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OfferSent"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMfasByIdCodes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description MfaMethod */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MfaMethod"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPasskeysRegistrationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WebauthnOptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebauthnOptions"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentMethodsSandboxAuthenticate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxAuthentication"];
            };
        };
        responses: {
            /** @description SandboxAuthenticated */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxAuthenticated"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentMethodsSandboxCard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxCard"];
            };
        };
        responses: {
            /** @description SandboxCardCreated */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxCardCreated"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentMethodsSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CardSetup"];
            };
        };
        responses: {
            /** @description CardSetupAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CardSetupAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPriceRisesByIdAccept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PriceRiseAccepted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceRiseAccepted"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postRegistrantVerifications0Resend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description VerificationStatus */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerificationStatus"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postRegistrantVerificationsVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyRegistrant"];
            };
        };
        responses: {
            /** @description VerifyRegistrantAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyRegistrantAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSessionPasskeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeyOptionsRequest"];
            };
        };
        responses: {
            /** @description WebauthnOptions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebauthnOptions"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postTdrpApprovals: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TdrpApproval"];
            };
        };
        responses: {
            /** @description TdrpApproved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TdrpApproved"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postValidate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ValidateRequest"];
            };
        };
        responses: {
            /** @description ValidateAnswer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidateAnswer"];
                };
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postViewAsPageViews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ViewAsPageView"];
            };
        };
        responses: {
            /** @description Recorded */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: `{ name, message, code, data? }` */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}

// Generated from GET /api/openapi.json by openapi-typescript: run `npm run openapi:types`, do not edit.

export interface paths {
    "/tlds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List extensions
         * @description The extensions we sell with their prices in cents for each year of a term (`newPricing[0]` is one year). Filter with `tld=com`, `categories=popular`; sort with `$sort[priority]=1`. Needs no token.
         */
        get: operations["listTlds"];
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
        /**
         * Get an extension
         * @description One extension and its prices; 404 for one we do not sell. Needs no token.
         */
        get: operations["getTld"];
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
        /**
         * Check availability
         * @description Availability and first-year price of up to 10 full names, each answered as the storefront search answers it (premium names at the registry price). 400 names a malformed name or an extension we do not sell.
         *
         *     Requires the `search` scope (Search).
         */
        get: operations["checkDomains"];
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
        /**
         * List domains
         * @description The account's domains, by name. Filter with `status=active`; sort with `$sort[expireDate]=1`.
         *
         *     Requires the `domains:read` scope (Read domains).
         */
        get: operations["listDomains"];
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
        /**
         * Get a domain
         * @description One domain of the account (403 for another account’s).
         *
         *     Requires the `domains:read` scope (Read domains).
         */
        get: operations["getDomain"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a domain
         * @description Change nameservers (`ns`, scope `nameservers:write`), the DNSSEC DS records (`dsRecords`, the whole set; `[]` turns DNSSEC off; only with nameservers other than ours; scope `dns:write`) or auto-renew (`autoRenewEnabled`, scope `renewals:write`). Other settings are changed in the account app; a token sending them gets 403. A value the domain already has is answered without asking the registry; changes that reach it are limited (by default 10 per domain and 60 per account, every token included, in 10 minutes), then 429 with `Retry-After`.
         */
        patch: operations["updateDomain"];
        trace?: never;
    };
    "/dnsRecords": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List DNS records
         * @description A domain's DNS records.
         *
         *     Requires the `dns:write` scope (Manage DNS).
         */
        get: operations["listDnsRecords"];
        put?: never;
        /**
         * Add a DNS record
         * @description Adds a record; `host` is relative to the domain (`@` or empty for the domain itself), `ttl` defaults to 3600. A 400 names the field at fault in `data.errors`.
         *
         *     Requires the `dns:write` scope (Manage DNS).
         */
        post: operations["createDnsRecord"];
        delete?: never;
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
        /**
         * Delete a DNS record
         * @description Deletes a record.
         *
         *     Requires the `dns:write` scope (Manage DNS).
         */
        delete: operations["deleteDnsRecord"];
        options?: never;
        head?: never;
        /**
         * Update a DNS record
         * @description Changes a record's host, value or numbers; its type stays.
         *
         *     Requires the `dns:write` scope (Manage DNS).
         */
        patch: operations["updateDnsRecord"];
        trace?: never;
    };
    "/registeredNameservers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List registered nameservers
         * @description A domain's registered (glue) nameservers: host names under the domain with their IP address.
         *
         *     Requires the `nameservers:write` scope (Manage nameservers).
         */
        get: operations["listRegisteredNameservers"];
        put?: never;
        /**
         * Add a registered nameserver
         * @description Registers a host name under the domain (such as `ns1.example.com`) with its IP address at the registry.
         *
         *     Requires the `nameservers:write` scope (Manage nameservers).
         */
        post: operations["addRegisteredNameserver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
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
        /**
         * Delete a registered nameserver
         * @description Deletes it at the registry; refused while a domain still uses it as a nameserver.
         *
         *     Requires the `nameservers:write` scope (Manage nameservers).
         */
        delete: operations["deleteRegisteredNameserver"];
        options?: never;
        head?: never;
        /**
         * Update a registered nameserver
         * @description Changes a registered nameserver's host name or IP address.
         *
         *     Requires the `nameservers:write` scope (Manage nameservers).
         */
        patch: operations["updateRegisteredNameserver"];
        trace?: never;
    };
    "/renewals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List renewable domains
         * @description The domains that can be renewed now, soonest expiry first, with the price of a year in cents.
         *
         *     Requires the `renewals:write` scope (Manage renewals).
         */
        get: operations["listRenewableDomains"];
        put?: never;
        /**
         * Renew domains
         * @description Without `commit` (or with `commit: false`) prices the renewal; with `commit: true` and an `orderKey` of your choosing renews and charges the default card once (sending the same `orderKey` again answers the same order, never charging twice). A card asking for 3-D Secure answers `requiresAction`: finish it in the account app.
         *
         *     Requires the `renewals:write` scope (Manage renewals).
         */
        post: operations["renewDomains"];
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
        /** @description Send only the fields to change. */
        DomainUpdate: {
            /** @description Needs the `nameservers:write` scope. */
            ns?: string[];
            /** @description The DS records to publish at the registry, replacing the current set (at most 8; [] turns DNSSEC off). Needs the `dns:write` scope. */
            dsRecords?: {
                keyTag: number;
                algorithm: number;
                digestType: number;
                digest: string;
            }[];
            /** @description Needs the `renewals:write` scope. */
            autoRenewEnabled?: boolean;
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
        DnsRecordUpdate: {
            host?: string;
            data?: string;
            priority?: number | null;
            weight?: number | null;
            port?: number | null;
            ttl?: number | null;
            dnsRecordId?: number;
        };
        RegisteredNameserverCreate: {
            domainId: number;
            hostname: string;
            ipAddress: string;
        };
        RegisteredNameserverUpdate: {
            id?: number;
            hostname?: string;
            ipAddress?: string;
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
        Error: {
            name: string;
            message: string;
            code: number;
            data?: unknown;
            redirect?: string;
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
            emails?: {
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
            }[];
        };
        DnsRecordList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["DnsRecord"][];
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
        DnsRecordDeleted: {
            dnsRecordId: number;
        };
        RegisteredNameserverList: {
            total: number;
            limit: number;
            skip: number;
            data: components["schemas"]["RegisteredNameserver"][];
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
        RegisteredNameserverDeleted: {
            id: number;
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
    };
    responses: {
        /** @description The request is malformed: `message` says what to fix; a field error is in `data.errors` */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid token: missing, unknown, revoked, expired, or used from an address it does not allow */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The token lacks the route's scope (named in `data.missingScope`), or the object belongs to another account */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such object */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many calls: wait the seconds in `Retry-After` */
        TooManyRequests: {
            headers: {
                /** @description Seconds to wait */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listTlds: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getTld: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    checkDomains: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            /** @description The registry did not answer; try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDomains: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDomain: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDomain: {
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
                "application/json": components["schemas"]["DomainUpdate"];
            };
        };
        responses: {
            /** @description The domain as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Domain"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listDnsRecords: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createDnsRecord: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The domain cannot be changed now (for example during a transfer) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteDnsRecord: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The domain cannot be changed now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateDnsRecord: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The domain cannot be changed now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    listRegisteredNameservers: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    addRegisteredNameserver: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The domain cannot be changed now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    deleteRegisteredNameserver: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description A domain still uses it */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    updateRegisteredNameserver: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The domain cannot be changed now */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            429: components["responses"]["TooManyRequests"];
        };
    };
    listRenewableDomains: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    renewDomains: {
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description No default card, or the card was declined */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
        };
    };
}

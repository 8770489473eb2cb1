CREATE TABLE "secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"create_date" timestamp with time zone NOT NULL
);

-- Secrets the server generates when none is configured (the session cookies' signing key), kept where every
-- instance on this database finds the same one (decision 038).
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

-- Categories of the catalogue (decision 055): each tool in at most one, the demo catalogue's six written here
-- so that every shop has them, and the demo tools an existing shop holds placed in theirs by name.
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_unique" ON "categories" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tools_category_id_idx" ON "tools" USING btree ("category_id");--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "description", "position") VALUES
	('opening-tools', 'Opening tools', 'Spudgers, picks, pry tools and suction cups that open phones, tablets and laptops without a scratch.', 1),
	('screwdrivers-and-bits', 'Screwdrivers and bits', 'Precision drivers and bit sets for every screw head in consumer electronics, and mats that keep the screws in order.', 2),
	('soldering-and-rework', 'Soldering and rework', 'Soldering stations and hot air rework for connectors, chips and shields.', 3),
	('meters-and-testers', 'Meters and testers', 'Multimeters, USB-C power meters and cable testers that find the fault before a part is replaced.', 4),
	('esd-and-safety', 'ESD and safety', 'Wrist straps and ESD-safe hand tools that keep static away from the boards you repair.', 5),
	('cleaning-and-consumables', 'Cleaning and consumables', 'Thermal paste and the other supplies a repair bench goes through.', 6);--> statement-breakpoint
UPDATE "tools" SET "category_id" = "categories"."id"
FROM "categories", (VALUES
	('64-in-1 Precision Screwdriver Set', 'screwdrivers-and-bits'),
	('True-RMS Auto-Ranging Digital Multimeter', 'meters-and-testers'),
	('60W Digital Soldering Station', 'soldering-and-rework'),
	('Anti-Static Wrist Strap', 'esd-and-safety'),
	('Spudger & Pry Tool Kit (12-Piece)', 'opening-tools'),
	('700W Hot Air Rework Station', 'soldering-and-rework'),
	('High-Performance Thermal Paste (4 g Syringe)', 'cleaning-and-consumables'),
	('ESD-Safe Precision Tweezers Set (5-Piece)', 'esd-and-safety'),
	('Suction Cup Screen Opener', 'opening-tools'),
	('USB-C Power Meter & PD Tester', 'meters-and-testers'),
	('RJ45 / RJ11 Network Cable Tester', 'meters-and-testers'),
	('Magnetic Project Mat', 'screwdrivers-and-bits')
) AS "placed" ("tool_name", "slug")
WHERE "tools"."name" = "placed"."tool_name" AND "categories"."slug" = "placed"."slug";--> statement-breakpoint
-- Category changes are admin actions in the activity log. Dropping and re-adding a CHECK keeps every row.
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_known";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_known" CHECK ("activity_log"."kind" in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'user.revoked', 'order.shipped', 'order.delivered', 'settings.shipping', 'admin.signed-in', 'category.added', 'category.edited', 'category.reordered', 'category.deleted'));

-- Marking an order shipped is an admin action like marking it delivered, so the activity log must accept
-- its kind (issue 27, decision 049). Dropping and re-adding a CHECK keeps every existing row as it is.
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_known";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_known" CHECK ("activity_log"."kind" in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'user.revoked', 'order.shipped', 'order.delivered', 'admin.signed-in'));

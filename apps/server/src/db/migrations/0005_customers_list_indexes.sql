DROP INDEX "cards_created_idx";--> statement-breakpoint
CREATE INDEX "users_customers_list_idx" ON "users" USING btree ("client_type","is_deleted","firstname","id","is_active_subscription","subscription_type","custom_subscription","request_limit");--> statement-breakpoint
CREATE INDEX "cards_created_idx" ON "cards" USING btree ("created_at","client_id");
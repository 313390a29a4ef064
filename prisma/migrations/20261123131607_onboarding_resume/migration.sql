-- CreateIndex
CREATE INDEX "AuthorizationRequest_profileId_createdAt_idx" ON "AuthorizationRequest"("profileId", "createdAt");

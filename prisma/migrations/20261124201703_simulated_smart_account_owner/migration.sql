-- AlterTable
ALTER TABLE "SimulatedSmartAccount" ADD COLUMN     "applicationId" UUID;

-- CreateIndex
CREATE INDEX "SimulatedSmartAccount_applicationId_idx" ON "SimulatedSmartAccount"("applicationId");

-- AddForeignKey
ALTER TABLE "SimulatedSmartAccount" ADD CONSTRAINT "SimulatedSmartAccount_applicationId_fkey" FOREIGN KEY ("applicationId") REFERENCES "Application"("id") ON DELETE CASCADE ON UPDATE CASCADE;

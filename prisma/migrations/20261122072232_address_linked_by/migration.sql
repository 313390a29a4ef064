-- AlterTable
ALTER TABLE "Address" ADD COLUMN     "linkedById" UUID;

-- AddForeignKey
ALTER TABLE "Address" ADD CONSTRAINT "Address_linkedById_fkey" FOREIGN KEY ("linkedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

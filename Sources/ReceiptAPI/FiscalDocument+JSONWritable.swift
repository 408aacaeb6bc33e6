extension FiscalDocument: JSONWritable {
    /// Writes the FiscalDocument as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("cashTotalSum", cashTotalSum)
        writer.member("creditSum", ifPresent: creditSum)
        writer.member("dateTime", dateTime)
        writer.member("ecashTotalSum", ecashTotalSum)
        writer.member("fiscalDocumentNumber", fiscalDocumentNumber)
        writer.member("fiscalDriveNumber", fiscalDriveNumber)
        writer.member("fiscalSign", fiscalSign)
        writer.member("items", items)
        writer.member("kktRegId", ifPresent: kktRegId)
        writer.member("operationType", operationType)
        writer.member("prepaidSum", ifPresent: prepaidSum)
        writer.member("provisionSum", ifPresent: provisionSum)
        writer.member("retailPlace", ifPresent: retailPlace)
        writer.member("retailPlaceAddress", ifPresent: retailPlaceAddress)
        writer.member("totalSum", totalSum)
        writer.member("user", ifPresent: user)
        writer.member("userInn", ifPresent: userInn)
        writer.endObject()
    }
}

extension FiscalDocument.Line: JSONWritable {
    /// Writes the FiscalDocument.Line as openapi.yaml declares it.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.member("gtin", ifPresent: gtin)
        writer.member("itemsQuantityMeasure", ifPresent: itemsQuantityMeasure)
        writer.member("name", name)
        writer.member("nds", ifPresent: nds)
        writer.member("paymentType", ifPresent: paymentType)
        writer.member("price", price)
        writer.member("productType", ifPresent: productType)
        writer.member("quantity", quantity)
        writer.member("sum", sum)
        writer.endObject()
    }
}

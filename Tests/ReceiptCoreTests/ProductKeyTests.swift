import ReceiptCore
import Testing

@Suite("Products and units: the line's measure first, fuel by the litre, grades and fat kept", .timeLimit(.minutes(20)))
struct ProductKeyTests {
    @Test("petrol is priced per litre, the pump's number is not part of the product")
    func petrol() {
        // The real receipt: 41.905 l × 52.50, printed 2,200.01.
        let line = Item(
            name: "АИ-92-К5(СБЕР)                         ТРК 12", price: Money(kopecks: 5_250), quantity: 41.905,
            sum: Money(kopecks: 220_001), paymentType: .fullPayment)
        #expect(UnitPrice.line(line) == UnitPrice.LinePrice(unit: .litre, kopecks: 5_250, thousandths: 41_905))
        let other = Item(
            name: "АИ-92-К5 (СБЕР) ТРК 3", price: Money(kopecks: 5_310), quantity: 20, sum: Money(kopecks: 106_200))
        #expect(UnitPrice.line(other)?.unit == .litre)
        #expect(ItemName.key(line.name) == ItemName.key(other.name))
        // Two grades are two products.
        #expect(ItemName.key("АИ-92 ТРК 1") != ItemName.key("АИ-95 ТРК 1"))
        #expect(
            UnitPrice.line(Item(name: "ДТ ЕВРО ТРК 2", price: Money(kopecks: 6_890), quantity: 30.5, sum: .zero))?.unit
                == .litre)
    }

    @Test("the measure a till sets (FFD 1.2) decides before any reading of the name")
    func measures() {
        // The real Пятёрочка line: «Дск Яблоко красное 1кг», 1.215 at 159.99, measure 11 (kg): per kg,
        // not per the «1кг» piece the name suggests.
        let apples = Item(
            name: "Дск Яблоко красное 1кг", price: Money(kopecks: 15_999), quantity: 1.215, sum: Money(kopecks: 19_439),
            measure: .kilogram)
        #expect(UnitPrice.line(apples) == UnitPrice.LinePrice(unit: .kilogram, kopecks: 15_999, thousandths: 1_215))
        // Pieces (0): a quantity that is not whole is not a weight; the name's 1 l is the size.
        let milk = Item(
            name: "ЧЕБАРКУЛЬ Мол.ОТБ.3,8% м/у 1л", price: Money(kopecks: 7_999), quantity: 1.5, sum: .zero,
            measure: .piece)
        #expect(UnitPrice.line(milk) == UnitPrice.LinePrice(unit: .litre, kopecks: 7_999, thousandths: 1_500))
        // Millilitres (40): 250 ml at 0.40 a millilitre is 400.00 a litre.
        let syrup = Item(name: "СИРОП", price: Money(kopecks: 40), quantity: 250, sum: .zero, measure: .millilitre)
        #expect(UnitPrice.line(syrup) == UnitPrice.LinePrice(unit: .litre, kopecks: 40_000, thousandths: 250))
    }

    @Test("fat and «без сахара» name other products; sizes do not")
    func keys() {
        #expect(ItemName.key("СМЕТАНА 15% 300Г") != ItemName.key("СМЕТАНА 20% 300Г"))
        #expect(ItemName.key("СМЕТАНА 15% 300Г") == ItemName.key("Сметана 15 % 0,3 кг"))
        #expect(ItemName.key("КОЛА Б/САХАРА 0,5Л") == ItemName.key("Кола без сахара 1 л"))
        #expect(ItemName.key("КОЛА Б/САХАРА 0,5Л") != ItemName.key("КОЛА 0,5Л"))
    }
}

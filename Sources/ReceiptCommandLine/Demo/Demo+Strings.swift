import ReceiptServer

// The words of `receipts demo`, in Russian and English.
extension HelpText {
    static var demoAbstract: String {
        pick("Показать всё на встроенном демо-сервере.", "Show the main job on an embedded demo server.")
    }
    static var demoDiscussion: String {
        pick(
            "Запускает демо-сервер внутри процесса на свободном порту, входит как demo, импортирует чеки в базу "
                + "(--db) и показывает последние месяцы. Данные демо-сервера исчезают после выхода.",
            "Starts the demo server inside this process on a free loopback port, logs in as demo, imports the receipts "
                + "into the database (--db) and shows the last months. The demo server's own data is gone afterwards.")
    }
    static var demoMonthsHelp: String {
        pick("Сколько последних месяцев показать.", "How many recent months to show.")
    }
    static var badDemoMonths: String { pick("--months: от 1 до 24", "--months: 1 to 24") }
}

extension Words {
    func demoServer(_ summary: DemoSummary) -> String {
        pick(
            "демо-сервер в этом процессе: чеков \(summary.receipts), магазинов \(summary.places); он исчезнет, "
                + "когда команда закончится, а чеки останутся в базе",
            "a demo server in this process: \(summary.receipts) receipts, \(summary.places) places; it is gone when "
                + "the command ends, the receipts stay in the database")
    }
    func demoNext(newest: Int64?) -> String {
        let show = newest.map { " · receipts show \($0)" } ?? ""
        return pick(
            "дальше: receipts stats · receipts web --open\(show) · свои чеки: receipts import ФАЙЛ",
            "next: receipts stats · receipts web --open\(show) · your own receipts: receipts import FILE")
    }
    func demoImporting(_ server: String, database: String) -> String {
        pick("импорт с \(server) в \(database)", "importing from \(server) into \(database)")
    }
}

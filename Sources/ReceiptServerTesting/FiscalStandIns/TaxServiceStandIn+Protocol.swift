import Foundation
import ReceiptCore

// The stand-in's answers, route by route, as the protocol is described (see TaxServiceStandIn).
extension TaxServiceStandIn.State {
    mutating func answer(_ request: StandInRequest) -> StandInAnswer {
        log.append(request)
        if !failures.isEmpty { return .text(failures.removeFirst(), "Service temporarily unavailable") }
        for header in ["device-os", "device-id", "clientversion", "user-agent"]
        where (request.headers[header] ?? "").isEmpty {
            return .text(400, "Required header \(header) is missing")
        }
        if let version = request.headers["clientversion"], rules.refusedClientVersions.contains(version) {
            return .text(422, "Версия приложения устарела, обновите приложение")
        }
        var body: [String: Any] = [:]
        if request.method == "POST" {
            guard (request.headers["content-type"] ?? "").hasPrefix("application/json") else {
                return .text(415, "Content type not supported")
            }
            guard let object = (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] else {
                return .text(400, "Malformed JSON")
            }
            body = object
        }
        let device = request.headers["device-id"] ?? ""
        switch (request.method, request.path) {
        case ("POST", "/v2/auth/phone/request"): return requestCode(body)
        case ("POST", "/v2/auth/phone/verify"): return verify(body, device: device)
        case ("POST", "/v2/mobile/users/lkfl/auth"): return signIn(body, device: device)
        case ("POST", "/v2/mobile/users/refresh"): return refresh(body, device: device)
        default: break
        }
        guard let session = request.headers["sessionid"].flatMap({ sessions[$0] }), session.device == device else {
            return .text(401, "Session expired or invalid")
        }
        switch (request.method, request.path) {
        case ("GET", "/v2/tickets"):
            // The service goes on checking between calls: a listing counts as a look at each ticket.
            let mine = ticketOrder.filter { tickets[$0]?.account == session.account }
            defer { for id in mine { tickets[id]?.looks += 1 } }
            return .json(mine.compactMap { tickets[$0] }.map(short))
        case ("POST", "/v2/ticket"):
            guard counted(session.account) else { return .text(429, "Превышено количество запросов за сутки") }
            guard let qr = body["qr"] as? String, let code = try? FiscalCode(parsing: qr) else {
                return .text(400, "Некорректный QR-код")
            }
            let existing = ticketOrder.first { tickets[$0]?.account == session.account && tickets[$0]?.code == code }
            let id = existing ?? newID()
            if existing == nil {
                tickets[id] = TaxServiceStandIn.Ticket(id: id, account: session.account, code: code, looks: 0)
                ticketOrder.append(id)
            }
            return .json(["kind": "kkt", "id": id, "status": status(of: id)])
        default:
            let id = String(request.path.dropFirst("/v2/tickets/".count))
            guard request.path.hasPrefix("/v2/tickets/"), tickets[id]?.account == session.account else {
                return .text(404, "Ticket not found")
            }
            guard counted(session.account) else { return .text(429, "Превышено количество запросов за сутки") }
            tickets[id]?.looks += 1
            return full(id)
        }
    }

    // MARK: Signing in

    private mutating func requestCode(_ body: [String: Any]) -> StandInAnswer {
        guard body["client_secret"] as? String == rules.clientSecret else { return .text(400, "Invalid client") }
        guard let phone = body["phone"] as? String, phone.hasPrefix("+7"), phone.count == 12 else {
            return .text(400, "Неверный формат номера телефона")
        }
        let code = String(format: "%04d", 1_000 + (serial * 7_919) % 9_000)
        smsCodes[phone] = (code, ContinuousClock.now)
        rules.sms?(phone, code)
        serial += 1
        return .empty(204)
    }

    private mutating func verify(_ body: [String: Any], device: String) -> StandInAnswer {
        guard body["client_secret"] as? String == rules.clientSecret else { return .text(400, "Invalid client") }
        guard let phone = body["phone"] as? String, let code = body["code"] as? String,
            let sent = smsCodes[phone], sent.code == code
        else { return .text(400, "Указан неверный код подтверждения") }
        smsCodes[phone] = nil
        guard ContinuousClock.now - sent.sent <= rules.smsCodeLifetime else {
            return .text(400, "Срок действия кода подтверждения истёк, запросите новый")
        }
        guard let account = accounts.firstIndex(where: { $0.phone == phone }) else {
            accounts.append(TaxServiceStandIn.Account(phone: phone))
            return open(account: accounts.count - 1, device: device)
        }
        return open(account: account, device: device)
    }

    private mutating func signIn(_ body: [String: Any], device: String) -> StandInAnswer {
        guard body["client_secret"] as? String == rules.clientSecret else { return .text(400, "Invalid client") }
        guard let inn = body["inn"] as? String, let password = body["password"] as? String,
            let account = accounts.firstIndex(where: { $0.inn == inn && $0.password == password })
        else { return .text(400, "Неверный ИНН или пароль") }
        return open(account: account, device: device)
    }

    private mutating func refresh(_ body: [String: Any], device: String) -> StandInAnswer {
        guard body["client_secret"] as? String == rules.clientSecret else { return .text(400, "Invalid client") }
        guard let token = body["refresh_token"] as? String, let account = refreshTokens.removeValue(forKey: token)
        else { return .text(498, "Refresh token not found") }
        return open(account: account, device: device)
    }

    private mutating func open(account: Int, device: String) -> StandInAnswer {
        let sessionID = "session-" + newID()
        let refresh = "refresh-" + newID()
        sessions[sessionID] = (account, device)
        refreshTokens[refresh] = account
        return .json(["sessionId": sessionID, "refresh_token": refresh])
    }

    // MARK: Tickets

    private mutating func counted(_ account: Int) -> Bool {
        let used = requestsToday[account, default: 0]
        guard used < rules.dailyLimit else { return false }
        requestsToday[account] = used + 1
        return true
    }

    /// 1 while being checked, then 2 with the document, or a final status.
    private func status(of id: String) -> Int {
        guard let ticket = tickets[id] else { return 0 }
        if ticket.looks < rules.looksUntilReady { return 1 }
        if let final = finalStatuses[ticket.code.identity] { return final }
        return documents[ticket.code.identity] == nil ? rules.unknownReceiptStatus : 2
    }

    private func short(_ ticket: TaxServiceStandIn.Ticket) -> [String: Any] {
        let code = ticket.code
        let receipt = documents[code.identity]
        var short: [String: Any] = [
            "id": ticket.id, "kind": "kkt", "status": status(of: ticket.id), "statusReal": status(of: ticket.id),
            "qr": code.canonical, "createdAt": code.dateTime.iso + "+03:00",
            "operation": [
                "date": String(code.dateTime.iso.prefix(16)), "type": code.operation.rawValue,
                "sum": code.total.kopecks,
            ],
            "query": [
                "operationType": code.operation.rawValue, "sum": code.total.kopecks, "documentId": code.identity.i,
                "fsId": code.identity.fn, "fiscalSign": String(code.identity.fp),
                "date": String(code.dateTime.iso.prefix(16)),
            ],
        ]
        if let receipt, let seller = receipt.seller {
            short["organization"] = ["name": seller, "inn": receipt.sellerINN ?? ""]
            short["seller"] = ["name": seller, "inn": (receipt.sellerINN ?? "") + "  "]
        }
        return short
    }

    private func full(_ id: String) -> StandInAnswer {
        guard let ticket = tickets[id] else { return .text(404, "Ticket not found") }
        var object = short(ticket)
        object["process"] = [["time": ticket.code.dateTime.iso + "+03:00", "result": 0]]
        if status(of: id) == 2, let receipt = documents[ticket.code.identity] {
            var document = StandInReceipts.document(receipt, dateTime: StandInReceipts.instant(of: receipt))
            if broken.contains(receipt.identity) { document["totalSum"] = "много" }
            object["ticket"] = ["document": ["receipt": document]]
        }
        return .json(object)
    }
}

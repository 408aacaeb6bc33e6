import ReceiptAPI
import ReceiptCore

// The words of `receipts household create|invite|join|leave|remove|members`, in Russian and English.
extension HelpText {
    static var householdCreateAbstract: String {
        pick(
            "Создать домохозяйство на сервере, где выполнен вход: вы его владелец.",
            "Create a household on the server you are logged in to: you are its owner.")
    }
    static var householdInviteAbstract: String {
        pick(
            "Одноразовый код, чтобы вступить в домохозяйство (действует сутки; только владельцы).",
            "A one-time code to join the household (it works for a day; owners only).")
    }
    static var roleHelp: String {
        pick(
            "Роль вступившего: владелец приглашает и исключает, редактор меняет чеки, зритель только смотрит.",
            "The role of who joins: an owner invites and removes, an editor changes receipts, a viewer only reads.")
    }
    static var roleValue: String { pick("роль", "role") }
    static var householdJoinAbstract: String {
        pick("Вступить в домохозяйство по коду приглашения.", "Join a household with an invitation's code.")
    }
    static var householdJoinDiscussion: String {
        pick(
            "Код спрашивается в терминале или читается со стандартного ввода, но никогда не из аргументов: их видно в списке процессов и в истории оболочки.",
            "The code is asked for at the terminal or read from standard input, never from the arguments: ps and the shell's history would show it."
        )
    }
    static var householdLeaveAbstract: String {
        pick(
            "Выйти из домохозяйства: ваши чеки уходят из лент остальных, их — из вашей.",
            "Leave the household: your receipts leave the others' feeds, theirs yours.")
    }
    static var householdRemoveAbstract: String {
        pick("Исключить участника домохозяйства (только владельцы).", "Remove a member of the household (owners only).")
    }
    static var memberLoginHelp: String { pick("Логин участника.", "The member's login.") }
    static var householdMembersAbstract: String {
        pick("Участники домохозяйства и их роли.", "The household's members and their roles.")
    }
}

extension Words {
    var householdCreated: String {
        pick(
            "Домохозяйство создано, вы его владелец. Пригласите других: receipts household invite",
            "Household created, you are its owner. Invite the others: receipts household invite")
    }
    func invitationNote(role: HouseholdRole) -> String {
        pick(
            "Код для роли \(self.role(role)), один раз, в течение суток: его вводят в receipts household join.",
            "A code for the role \(self.role(role)), once, within a day: it is typed into receipts household join.")
    }
    var codePrompt: String { pick("Код приглашения: ", "Invitation code: ") }
    func joined(_ household: HouseholdInfo) -> String {
        let owners = household.members.filter { $0.role == .owner }.map(\.login).joined(separator: ", ")
        return pick(
            "Вы в домохозяйстве \(owners) как \(role(household.role)), участников: \(household.members.count). "
                + "Их чеки придут с receipts import.",
            "You are in the household of \(owners) as \(role(household.role)), \(household.members.count) members. "
                + "receipts import brings their receipts.")
    }
    var householdLeft: String { pick("Вы вышли из домохозяйства.", "You left the household.") }
    func memberRemoved(_ login: String) -> String {
        pick("\(login.visible()) исключён из домохозяйства.", "\(login.visible()) removed from the household.")
    }
    var householdNeedsLogin: String {
        pick(
            "у анонимного аккаунта нет домохозяйства: войдите под логином (receipts login --register)",
            "an anonymous account has no household: log in with a login (receipts login --register)")
    }
    var loginHeading: String { pick("Логин", "Login") }
    var roleHeading: String { pick("Роль", "Role") }
    var joinedHeading: String { pick("С", "Since") }
    func role(_ role: HouseholdRole) -> String {
        switch role {
        case .owner: return pick("владелец", "owner")
        case .editor: return pick("редактор", "editor")
        case .viewer: return pick("зритель", "viewer")
        }
    }
}
